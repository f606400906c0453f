import { clearInterval, setInterval } from 'node:timers';
import fp from 'fastify-plugin';
import { createMailer } from '../mail/mailer';
import { factorLoginRoutes } from './login-routes';
import { securityPageRoutes } from './page-routes';
import { passwordRoutes } from './password-routes';
import { sessionRoutes } from './session-routes';
import { signInFactors } from './sign-in-factors';
import { signInFlow } from './sign-in-flow';

/** Expired sign-in challenges are deleted this often, whether or not anyone signs in. */
const CHALLENGE_SWEEP_MS = 60_000;

/**
 * Every way into an account and what protects it (docs/product.md#api): the password sign-in and
 * its reset, the second step, passkeys, logout and reauth, all under the accounts' one set of
 * limits, and the Security page's calls behind the sign-in.
 */
export const securityPlugin = fp(
  async (app) => {
    const { service, limits } = app.accounts;
    const mailer = createMailer(app.config, () => app.site.name());
    const factors = signInFactors(app);
    const flow = signInFlow(app, { service, factors, limits, mailer });
    /** Reset mails still being prepared; closing waits for them. */
    const pending = new Set<Promise<void>>();

    // Deleting expired rows is the same work whichever instance does it, so each may.
    const sweep = setInterval(() => void factors.challenges.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'expired sign-in challenges not deleted')), CHALLENGE_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await Promise.allSettled(pending);
      mailer.close();
    });

    await passwordRoutes(app, flow, pending);
    await factorLoginRoutes(app, flow);
    await sessionRoutes(app, flow);
    await app.register(async (scope) => securityPageRoutes(scope, factors, mailer));
  },
  {
    name: 'security',
    dependencies: ['accounts'],
    decorators: { fastify: ['database', 'config', 'secretsKey', 'tokens', 'authenticate', 'requireRecentSignIn'] },
  },
);
