import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { ChallengeStore } from '../../src/server/security/challenges';
import { engines } from '../support/engines';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { removeDataDir, testConfig } from '../support/test-config';
import { login, OTHER_PASSWORD, PASSWORD, post, register, startSite, uniqueEmail, type TestSite } from './accounts-helpers';
import { redisUrlForTests } from './redis-for-tests';
import { authed, codeAt, enrolAuthenticator, secondStep, signUp, someClient } from './security-helpers';
import { SmtpReceiver } from './smtp-receiver';

const REAUTH = { message: 'For your security, please confirm it is you before making this change.', reauth: true };
const ELEVEN_MINUTES = 11 * 60;

/** A token of the account whose sign-in was `ageSeconds` ago, as the server would have signed it then. */
async function tokenSignedInAgo(app: FastifyInstance, email: string, ageSeconds: number): Promise<string> {
  const account = await app.database.db.selectFrom('users').select(['id', 'email', 'token_version']).where('email', '=', email).executeTakeFirstOrThrow();
  return app.tokens.sign({ id: account.id, email: account.email, tokenVersion: account.token_version }, { authTime: Math.floor(Date.now() / 1000) - ageSeconds });
}

const get = (app: FastifyInstance, url: string, token: string) => app.inject({ method: 'GET', url, ...authed(token) });

describe.each(engines())('the signed-in session on $name', ({ env }) => {
  let site: TestSite;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await new SmtpReceiver().start();
    site = await startSite(env, { ALLOW_REGISTRATION: 'true', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await site.close();
    await smtp.stop();
  });

  it('ends the token on the server at logout: it then gets 401, while another sign-in of the account goes on', async () => {
    const email = uniqueEmail();
    const token = await signUp(site.app, email);
    const other = (await login(site.app, email, PASSWORD, { remoteAddress: someClient() })).json<{ token: string }>().token;
    expect((await get(site.app, '/api/security', token)).statusCode).toBe(200);

    const out = await post(site.app, '/api/auth/logout', {}, authed(token));
    expect(out.statusCode).toBe(204);
    for (const url of ['/api/security', '/api/post-counts', '/api/inbox']) {
      const refused = await get(site.app, url, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Your session is no longer valid. Please log in again.' });
    }
    expect((await post(site.app, '/api/auth/logout', {}, authed(token))).statusCode).toBe(401);
    expect((await get(site.app, '/api/security', other)).statusCode).toBe(200);
    expect((await post(site.app, '/api/auth/logout', {})).statusCode).toBe(401);
  });

  it('marks every answer to a signed-in request Cache-Control: no-store, errors included', async () => {
    const token = await signUp(site.app, uniqueEmail());
    for (const response of [
      await get(site.app, '/api/security', token),
      await get(site.app, '/api/post-counts', token),
      await get(site.app, '/api/posts/no-such-post', token),
      await post(site.app, '/api/security/passkeys', { name: '' }, authed(token)),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('marks the sign-in answers, which carry a token or a challenge, Cache-Control: no-store, refusals included', async () => {
    const email = uniqueEmail();
    const registered = await register(site.app, email, PASSWORD, { remoteAddress: someClient() });
    expect(registered.statusCode).toBe(201);
    const token = (await login(site.app, email, PASSWORD, { remoteAddress: someClient() })).json<{ token: string }>().token;
    const { secret } = await enrolAuthenticator(site.app, token);
    const first = await login(site.app, email, PASSWORD, { remoteAddress: someClient() });
    expect(first.json()).toMatchObject({ mfaRequired: true });
    const signedIn = await secondStep(site.app, first.json<{ mfaToken: string }>().mfaToken, await codeAt(secret, 0));
    expect(signedIn.json()).toEqual({ token: expect.any(String) });
    const answers = [
      registered,
      first,
      signedIn,
      await login(site.app, email, OTHER_PASSWORD, { remoteAddress: someClient() }),
      await post(site.app, '/api/auth/passkey/options', {}, { remoteAddress: someClient() }),
      await post(site.app, '/api/auth/passkey/verify', { response: new SoftAuthenticator('https://agency.test').authenticate((await post(site.app, '/api/auth/passkey/options', {})).json().options) }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 200, 401, 200, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('asks for a recent sign-in before any change to what protects the account, then goes ahead with a fresh token', async () => {
    const email = uniqueEmail();
    const fresh = await signUp(site.app, email);
    await enrolAuthenticator(site.app, fresh);
    const stale = await tokenSignedInAgo(site.app, email, ELEVEN_MINUTES);
    const changes: [string, string][] = [
      ['POST', '/api/security/authenticator'],
      ['POST', '/api/security/authenticator/confirm'],
      ['DELETE', '/api/security/authenticator'],
      ['POST', '/api/security/recovery-codes'],
      ['POST', '/api/security/passkeys/options'],
      ['POST', '/api/security/passkeys'],
      ['DELETE', '/api/security/passkeys/some-id'],
      ['POST', '/api/security/sign-out-everywhere'],
    ];
    for (const [method, url] of changes) {
      const refused = await site.app.inject({ method: method as 'POST', url, payload: method === 'POST' ? { code: '123456', name: 'Phone', response: { id: 'x' } } : undefined, ...authed(stale) });
      expect([method, url, refused.statusCode]).toEqual([method, url, 403]);
      expect(refused.json()).toEqual(REAUTH);
    }
    // Reading and renaming need no confirmation.
    expect((await get(site.app, '/api/security', stale)).statusCode).toBe(200);
    // Nothing was changed by the refused calls.
    expect((await get(site.app, '/api/security', stale)).json()).toMatchObject({ authenticator: true, recoveryCodesLeft: 10 });

    const wrong = await post(site.app, '/api/auth/reauth', { password: OTHER_PASSWORD }, authed(stale));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'That did not confirm it is you. Try again.' });
    const confirmed = await post(site.app, '/api/auth/reauth', { password: PASSWORD }, authed(stale));
    expect(confirmed.statusCode).toBe(200);
    const renewed = confirmed.json<{ token: string }>().token;
    expect(decodeJwt(renewed).auth_time).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    // The token it replaces is ended.
    expect((await get(site.app, '/api/security', stale)).statusCode).toBe(401);
    const codes = await post(site.app, '/api/security/recovery-codes', {}, authed(renewed));
    expect(codes.statusCode).toBe(200);
    expect(codes.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
  });

  it('confirms with a code of the authenticator app or a passkey as well, and asks for exactly one proof', async () => {
    const email = uniqueEmail();
    const fresh = await signUp(site.app, email);
    const { secret } = await enrolAuthenticator(site.app, fresh);
    const device = new SoftAuthenticator('https://agency.test');
    const { options } = (await post(site.app, '/api/security/passkeys/options', {}, authed(fresh))).json();
    expect((await post(site.app, '/api/security/passkeys', { name: 'Laptop', response: device.register(options) }, authed(fresh))).statusCode).toBe(201);

    const byCode = await post(site.app, '/api/auth/reauth', { code: await codeAt(secret, 0) }, authed(await tokenSignedInAgo(site.app, email, ELEVEN_MINUTES)));
    expect(byCode.statusCode).toBe(200);

    const loginOptions = (await post(site.app, '/api/auth/passkey/options', {})).json().options;
    const byPasskey = await post(site.app, '/api/auth/reauth', { response: device.authenticate(loginOptions) }, authed(await tokenSignedInAgo(site.app, email, ELEVEN_MINUTES)));
    expect(byPasskey.statusCode).toBe(200);
    expect((await post(site.app, '/api/security/sign-out-everywhere', {}, authed(byPasskey.json().token))).statusCode).toBe(204);

    const again = await tokenSignedInAgo(site.app, email, ELEVEN_MINUTES);
    for (const body of [{}, { password: PASSWORD, code: '123456' }]) {
      const refused = await post(site.app, '/api/auth/reauth', body, authed(again));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Enter your password or a code, or use a passkey.' });
    }
  });

  it('mails the owner when they sign out everywhere', async () => {
    const email = uniqueEmail();
    const token = await signUp(site.app, email);
    const before = smtp.mails.length;
    expect((await post(site.app, '/api/security/sign-out-everywhere', {}, authed(token))).statusCode).toBe(204);
    const mail = await smtp.mail(before + 1);
    expect(mail.to).toEqual([email]);
    expect(mail.decoded).toContain('Every sign-in of your account was ended');
  });

  it('deletes sign-in challenges once they expire, whether or not another comes', async () => {
    let now = Date.now() + 60 * 60 * 1000;
    const store = new ChallengeStore(site.app.database.db, () => now);
    const value = await store.issue('passkey-login', null);
    const at = now;
    const rowsOf = async () => (await site.app.database.db.selectFrom('sign_in_challenges').select('expires_at').where('expires_at', '=', new Date(at + 5 * 60 * 1000).toISOString()).execute()).length;
    expect(await rowsOf()).toBe(1);
    now += 5 * 60 * 1000 - 1;
    await store.sweep();
    expect(await store.peek('passkey-login', value)).toEqual({ userId: null });
    now += 1;
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowsOf()).toBe(0);
  });
});

describe.each(engines())('sign-in under attack on $name', ({ env }) => {
  let site: TestSite;
  beforeEach(async () => {
    site = await startSite(env);
    expect((await register(site.app, 'owner@example.com')).statusCode).toBe(201);
  });
  afterEach(() => site.close());

  it('checks at most 5 passwords of 200 wrong ones sent at once; the rest answer 429', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => login(site.app, 'owner@example.com', OTHER_PASSWORD, { remoteAddress: `198.51.${n >> 8}.${n & 255}` })));
    const statuses = answers.map((answer) => answer.statusCode);
    // 401 is a password that was checked and wrong; 429 was refused before any check.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
  });

  it("never locks the owner's own address out for failures from elsewhere, nor their passkey", async () => {
    const home = '192.0.2.10';
    const token = (await login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: home })).json<{ token: string }>().token;
    const device = new SoftAuthenticator('https://agency.test');
    const { options } = (await post(site.app, '/api/security/passkeys/options', {}, authed(token))).json();
    expect((await post(site.app, '/api/security/passkeys', { name: 'Phone', response: device.register(options) }, authed(token))).statusCode).toBe(201);

    for (let attempt = 0; attempt < 10; attempt++) await login(site.app, 'owner@example.com', OTHER_PASSWORD, { remoteAddress: `198.51.100.${attempt}` });
    expect((await login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: '203.0.113.5' })).statusCode).toBe(429);
    expect((await login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: home })).statusCode).toBe(200);

    for (let attempt = 0; attempt < 10; attempt++) await login(site.app, 'owner@example.com', OTHER_PASSWORD, { remoteAddress: `198.51.100.${attempt}` });
    const loginOptions = (await post(site.app, '/api/auth/passkey/options', {})).json().options;
    const byPasskey = await post(site.app, '/api/auth/passkey/verify', { response: device.authenticate(loginOptions) }, { remoteAddress: '203.0.113.5' });
    expect(byPasskey.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After beyond the hashing queue, never piling up work or failing with 500', async () => {
    const answers = await Promise.all(Array.from({ length: 150 }, (_, n) => login(site.app, `nobody${n}@example.com`, OTHER_PASSWORD, { remoteAddress: `198.18.${n >> 8}.${n & 255}` })));
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.json()).toEqual({ message: 'The server is busy. Please try again in a moment.' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(answers.every((answer) => answer.statusCode === 401 || answer.statusCode === 503)).toBe(true);
    // A refused attempt was given back: the client may try again at once.
    const retried = await login(site.app, 'nobody0@example.com', OTHER_PASSWORD, { remoteAddress: '198.18.0.0' });
    expect(retried.statusCode).toBe(401);
  });

  it('gives back an attempt when the sign-in fails on the server between its start and its end', async () => {
    const client = '192.0.2.30';
    const db = site.app.database.db;
    // With the authenticator's table away, a right password fails after it was checked.
    await db.schema.alterTable('totp_factors').renameTo('totp_factors_away').execute();
    try {
      for (let attempt = 0; attempt < 7; attempt++) {
        const answer = await login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: client });
        expect(answer.statusCode).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await db.schema.alterTable('totp_factors_away').renameTo('totp_factors').execute();
    }
    expect((await login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: client })).statusCode).toBe(200);
  });

  it("keeps a line of the hashing for the owner's own address: a flood that fills the shared one answers them 200, not 503", async () => {
    const home = '192.0.2.20';
    expect((await login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: home })).statusCode).toBe(200);
    // The decoy hash unknown addresses are checked against is made at the first: made now, the flood's checks queue at once.
    expect((await login(site.app, 'nobody@example.com', OTHER_PASSWORD, { remoteAddress: '198.18.255.255' })).statusCode).toBe(401);
    const flood = Array.from({ length: 150 }, (_, n) => login(site.app, `nobody${n}@example.com`, OTHER_PASSWORD, { remoteAddress: `198.18.${n >> 8}.${n & 255}` }));
    const owner = login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: home });
    const answers = await Promise.all(flood);
    expect(answers.filter((answer) => answer.statusCode === 503).length).toBeGreaterThan(0);
    expect((await owner).statusCode).toBe(200);
  });
});

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = redisUrlForTests();
(databaseUrl && redisUrl ? describe : describe.skip)('two instances sharing PostgreSQL and Redis', () => {
  const schema = `${process.env.TEST_SCHEMA_PREFIX ?? 'test_'}signin_${randomBytes(5).toString('hex')}`;
  const configs: Config[] = [];
  // Redis outlives the run: addresses of this run alone, so that no earlier run's counts meet it.
  const email = uniqueEmail();
  const net = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    const shared = { DATABASE_URL: databaseUrl!, DATABASE_SCHEMA: schema, REDIS_URL: redisUrl!, JWT_SECRET: randomBytes(32).toString('base64url'), SECRETS_KEY: randomBytes(32).toString('base64url') };
    // One after the other: the first runs the migrations.
    for (const _ of [0, 1]) {
      const config = testConfig(shared);
      configs.push(config);
      const app = await buildApp(config);
      await app.ready();
      if (one) two = app;
      else one = app;
    }
    expect((await register(one, email, undefined, { remoteAddress: `${net}.1` })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    configs.forEach(removeDataDir);
  });

  it('refuses a token logged out on one instance on the other at once', async () => {
    const token = (await login(one, email, PASSWORD, { remoteAddress: `${net}.250` })).json<{ token: string }>().token;
    expect((await get(two, '/api/security', token)).statusCode).toBe(200);
    expect((await post(two, '/api/auth/logout', {}, authed(token))).statusCode).toBe(204);
    expect((await get(one, '/api/security', token)).statusCode).toBe(401);
    expect((await get(two, '/api/security', token)).statusCode).toBe(401);
  });

  it('checks at most 5 passwords of 200 wrong ones sent at once to both', async () => {
    expect((await login(one, email, PASSWORD, { remoteAddress: `${net}.251` })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => login(n % 2 ? one : two, email, OTHER_PASSWORD, { remoteAddress: `${net.replace(/^10\./, '11.')}.${n}` })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // The owner's own address signs in on either instance.
    expect((await login(two, email, PASSWORD, { remoteAddress: `${net}.251` })).statusCode).toBe(200);
  });
});
