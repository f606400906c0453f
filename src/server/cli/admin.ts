import { AccountService } from '../accounts/account-service';
import { emailProblem, normalizeEmail } from '../accounts/email-address';
import { passwordProblem } from '../accounts/password-rules';
import { openDatabase } from '../db/database';
import { FactorRepository } from '../security/factor-repository';
import { PasskeyRepository } from '../security/passkey-repository';
import { readNewPassword } from './read-password';
import { runDoctor } from './doctor';
import { describeSite, runTool, ToolError, UsageError } from './run-tool';
import { requireSite } from './site-guard';

const USAGE = `Usage:
  npm run admin -- create <email> [--init] create an administrator account (--init: in a new, empty site)
  npm run admin -- reset-password <email>  set a new password and end every sign-in of the account
  npm run admin -- disable-2fa <email>     turn the authenticator app off (its recovery codes go too)
  npm run admin -- list-passkeys <email>   list the account's passkeys
  npm run admin -- doctor                  check configuration, secrets, database, migrations, mail,
                                           bucket, Redis and free disk: ok, warn or fail, one line each

The password is asked for at a hidden prompt, or read from standard input when it is piped:
  printf '%s' 'a long new passphrase' | npm run admin -- reset-password owner@example.com

Options:
  -h, --help       this text
  -V, --version    the site's version

Exit codes: 0 done, 1 failed (doctor: a check failed), 2 wrong arguments, 3 refused (no site database here), 130 cancelled.`;

/**
 * The owner's way in from the server's shell, for when both password and mailbox are lost
 * (docs/product.md#registration): works whatever ALLOW_REGISTRATION says.
 */
runTool({
  usage: USAGE,
  options: { init: { type: 'boolean' } },
  run: async (config, { values, positionals }) => {
    const [command, rawEmail, ...extra] = positionals;
    if (command === undefined) throw new UsageError('Which command?');
    if (command === 'doctor') {
      if (rawEmail !== undefined) throw new UsageError('"doctor" takes no arguments.');
      console.error(describeSite(config));
      return runDoctor(config);
    }
    if (!['create', 'reset-password', 'disable-2fa', 'list-passkeys'].includes(command)) throw new UsageError(`Unknown command "${command}".`);
    if (rawEmail === undefined || extra.length > 0) throw new UsageError(`"${command}" takes exactly one email address.`);
    const email = normalizeEmail(rawEmail);
    const problem = emailProblem(email);
    if (problem) throw new ToolError(problem);
    if (values.init && command !== 'create') throw new UsageError('--init goes with create only.');

    await requireSite(config, { init: values.init === true });
    const database = await openDatabase(config);
    try {
      const service = new AccountService(database, config);
      // Refuse before asking for a password that could not be used.
      const existing = await service.accounts.findByEmail(email);
      if (command === 'create' && existing) throw new ToolError(`An account for ${email} already exists. To set its password: npm run admin -- reset-password ${email}`);
      if (command !== 'create' && !existing) throw new ToolError(`There is no account for ${email}. To create one: npm run admin -- create ${email}`);

      if (command === 'disable-2fa') {
        const removed = await new FactorRepository(database.db).removeTotp(existing!.id);
        console.log(removed ? `Turned the authenticator app off for ${email}: the password alone signs in now.` : `${email} has no authenticator app: nothing to turn off.`);
        return;
      }
      if (command === 'list-passkeys') {
        const passkeys = await new PasskeyRepository(database.db).list(existing!.id);
        if (passkeys.length === 0) console.log(`${email} has no passkeys.`);
        for (const passkey of passkeys) console.log(`${passkey.name}\tadded ${passkey.createdAt}\tlast used ${passkey.lastUsedAt ?? 'never'}\tid ${passkey.id}`);
        return;
      }

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
  },
});
