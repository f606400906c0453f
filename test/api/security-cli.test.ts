import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { engines } from '../support/engines';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { npmRun, root } from '../support/npm-run';
import { removeDataDir, testConfig } from '../support/test-config';
import { login, post } from './accounts-helpers';
import { authed, enrolAuthenticator, signUp } from './security-helpers';

/** `npm run admin -- args`, as the owner types it. */
const admin = (args: string[], env: Record<string, string>) => npmRun('admin', args, env);

beforeAll(() => {
  const run = spawnSync('node', ['scripts/start.mjs', '--entry=cli-admin', 'help'], { cwd: root, encoding: 'utf8', timeout: 540_000 });
  expect(run.stdout).toContain('disable-2fa');
}, 600_000);

describe.each(engines())("the owner's second-factor tools on $name", ({ env: engineEnv }) => {
  let config: Config;

  beforeEach(() => {
    const schema = engineEnv.DATABASE_SCHEMA ? `${engineEnv.DATABASE_SCHEMA}_${randomBytes(4).toString('hex')}` : undefined;
    config = testConfig({ ...engineEnv, ...(schema ? { DATABASE_SCHEMA: schema } : {}) });
  });
  afterEach(() => removeDataDir(config));

  const envOf = () => ({ ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: config.databaseSchema! } : {}), DATA_DIR: config.dataDir, LOG_LEVEL: 'silent', SITE_URL: config.siteUrl });

  it('lists the passkeys and turns the authenticator app off, after which the password alone signs in', async () => {
    const app = await buildApp(config);
    try {
      const token = await signUp(app, 'owner@example.com');
      await enrolAuthenticator(app, token);
      const { options } = (await post(app, '/api/security/passkeys/options', {}, authed(token))).json();
      expect((await post(app, '/api/security/passkeys', { name: 'Desk key', response: new SoftAuthenticator(config.siteUrl).register(options) }, authed(token))).statusCode).toBe(201);
      expect((await login(app, 'owner@example.com')).json()).toHaveProperty('mfaRequired', true);

      const listed = await admin(['list-passkeys', 'Owner@Example.com'], envOf());
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(/^Desk key\tadded \d{4}-.*\tlast used never\tid [\w-]+\n$/);

      const disabled = await admin(['disable-2fa', 'owner@example.com'], envOf());
      expect(disabled.code).toBe(0);
      expect(disabled.stdout).toContain('Turned the authenticator app off for owner@example.com');
      expect((await login(app, 'owner@example.com')).json()).toEqual({ token: expect.any(String) });

      expect((await admin(['disable-2fa', 'owner@example.com'], envOf())).stdout).toContain('has no authenticator app');
      const unknown = await admin(['list-passkeys', 'nobody@example.com'], envOf());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('There is no account for nobody@example.com.');
    } finally {
      await app.close();
    }
  }, 60_000);
});
