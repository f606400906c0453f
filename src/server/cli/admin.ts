import { AccountService } from '../accounts/account-service';
import { emailProblem, normalizeEmail } from '../accounts/email-address';
import { passwordProblem } from '../accounts/password-rules';
import { openDatabase } from '../db/database';
import { readNewPassword } from './read-password';
import { runTool, ToolError, UsageError } from './run-tool';

const USAGE = `Usage:
  npm run admin -- create <email>          create an administrator account
  npm run admin -- reset-password <email>  set a new password and end every sign-in of the account

The password is asked for at a hidden prompt, or read from standard input when it is piped:
  printf '%s' 'a long new passphrase' | npm run admin -- reset-password owner@example.com`;

/**
 * The owner's way in from the server's shell, for when both password and mailbox are lost
 * (docs/product.md#registration): works whatever ALLOW_REGISTRATION says.
 */
runTool(USAGE, async (config, args) => {
  const [command, rawEmail, ...extra] = args;
  if (command === undefined || command === 'help' || command === '--help') throw new UsageError('Which command?');
  if (command !== 'create' && command !== 'reset-password') throw new UsageError(`Unknown command "${command}".`);
  if (rawEmail === undefined || extra.length > 0) throw new UsageError(`"${command}" takes exactly one email address.`);
  const email = normalizeEmail(rawEmail);
  const problem = emailProblem(email);
  if (problem) throw new ToolError(problem);

  const database = await openDatabase(config);
  try {
    const service = new AccountService(database, config);
    // Refuse before asking for a password that could not be used.
    const existing = await service.accounts.findByEmail(email);
    if (command === 'create' && existing) throw new ToolError(`An account for ${email} already exists. To set its password: npm run admin -- reset-password ${email}`);
    if (command === 'reset-password' && !existing) throw new ToolError(`There is no account for ${email}. To create one: npm run admin -- create ${email}`);

    const password = await readNewPassword((value) => passwordProblem(value, email));
    if (command === 'create') {
      await service.register(email, password, { byOwner: true });
      console.log(`Created the administrator account ${email}. Sign in at ${config.siteUrl}/admin/login`);
    } else {
      await service.setPassword(email, password);
      console.log(`Set a new password for ${email}. Every earlier sign-in of the account has ended.`);
    }
  } finally {
    await database.close();
  }
});
