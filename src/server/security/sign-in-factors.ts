import type { FastifyInstance } from 'fastify';
import { AuthenticatorFactor } from './authenticator';
import { ChallengeStore } from './challenges';
import { PasskeyLoginChallenges } from './login-challenges';
import { Passkeys } from './passkeys';
import { SecurityLog } from './security-log';

/** Everything of the second factors one app needs; stateless beyond the database, so each plugin makes its own. */
export interface SignInFactors {
  authenticator: AuthenticatorFactor;
  passkeys: Passkeys;
  challenges: ChallengeStore;
  log: SecurityLog;
}

export function signInFactors(app: FastifyInstance): SignInFactors {
  const challenges = new ChallengeStore(app.database.db);
  return {
    authenticator: new AuthenticatorFactor(app.database, app.secretsKey, () => app.site.name()),
    passkeys: new Passkeys(app.database, challenges, new PasskeyLoginChallenges(app.secretsKey, app.database.db, () => app.clock.now().getTime()), app.config.siteUrl, () => app.site.name()),
    challenges,
    log: new SecurityLog(app.database.db),
  };
}
