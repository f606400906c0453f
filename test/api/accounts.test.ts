import * as argon2 from 'argon2';
import { decodeJwt } from 'jose';
import { engines } from '../support/engines';
import { addProtectedRoute, login, OTHER_PASSWORD, PASSWORD, post, register, startSite, whoami, type TestSite } from './accounts-helpers';

describe.each(engines())('accounts on $name', ({ env }) => {
  describe('with registration closed (the default)', () => {
    let site: TestSite;
    beforeEach(async () => {
      site = await startSite(env);
      addProtectedRoute(site.app);
    });
    afterEach(() => site.close());

    it('lets the first account register, then closes registration', async () => {
      const first = await register(site.app, 'owner@example.com');
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ message: 'Account created. You can now log in.' });

      const second = await register(site.app, 'intruder@example.com');
      expect(second.statusCode).toBe(403);
      expect(second.json()).toEqual({ message: 'Registration is closed.' });
      // The same address again is refused the same way, telling nothing about accounts.
      expect((await register(site.app, 'owner@example.com')).json()).toEqual({ message: 'Registration is closed.' });
    });

    it('lets only one of two simultaneous first registrations win', async () => {
      const responses = await Promise.all([register(site.app, 'first@example.com'), register(site.app, 'second@example.com', OTHER_PASSWORD)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 403]);
    });

    it('signs in with a token carrying sub, email, iat, exp and the token version', async () => {
      await register(site.app, 'owner@example.com');
      const response = await login(site.app, 'owner@example.com');
      expect(response.statusCode).toBe(200);
      const { token } = response.json();
      const payload = decodeJwt(token);
      expect(payload).toEqual({ sub: expect.any(String), email: 'owner@example.com', iat: expect.any(Number), exp: expect.any(Number), ver: 0, auth_time: payload.iat, jti: expect.any(String) });
      expect(payload.exp! - payload.iat!).toBe(site.config.tokenTtlSeconds);
      const me = await whoami(site.app, token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({ user: { id: payload.sub, email: 'owner@example.com' } });
    });

    it('matches addresses without regard to case and surrounding spaces', async () => {
      expect((await register(site.app, '  Owner@Example.COM ')).statusCode).toBe(201);
      const response = await login(site.app, 'OWNER@example.com  ');
      expect(response.statusCode).toBe(200);
      expect(decodeJwt(response.json().token).email).toBe('owner@example.com');
    });

    it('answers a wrong password and an unknown address with the same 401', async () => {
      await register(site.app, 'owner@example.com');
      const wrongPassword = await login(site.app, 'owner@example.com', OTHER_PASSWORD);
      const unknown = await login(site.app, 'nobody@example.com', PASSWORD, { remoteAddress: '10.0.0.2' });
      for (const response of [wrongPassword, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid email or password.' });
      }
    });

    it('spends the hashing time on unknown addresses too', async () => {
      await register(site.app, 'owner@example.com');
      const time = async (email: string) => {
        const runs: number[] = [];
        for (let run = 0; run < 3; run++) {
          const start = performance.now();
          await login(site.app, email, OTHER_PASSWORD, { remoteAddress: `10.1.0.${run}` });
          runs.push(performance.now() - start);
        }
        return runs.sort((a, b) => a - b)[1]!;
      };
      await time('nobody@example.com'); // the decoy hash is made once
      const known = await time('owner@example.com');
      const unknown = await time('nobody@example.com');
      // Without the decoy an unknown address would answer in about a millisecond; with it, in a
      // hash's time. A loose ratio: other work on a busy machine stretches either run.
      expect(unknown).toBeGreaterThan(known * 0.2);
    });

    it.each([
      ['too short', 'short', 'Password must be at least 12 characters long.'],
      ['too long', 'x'.repeat(129), 'Password must be at most 128 characters long.'],
      ['the e-mail', 'owner@example.com', 'Password must not be your email address.'],
      ['the e-mail in other case', ' OWNER@example.com', 'Password must not be your email address.'],
      ['a common one', 'qwerty123456', 'This password is one of the 10,000 most common passwords. Please choose another.'],
      ['empty', '', 'Password is required.'],
    ])('refuses a password that is %s and says which rule it breaks', async (_case, password, message) => {
      const response = await register(site.app, 'owner@example.com', password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      // Nothing was created: the first registration is still open.
      expect((await register(site.app, 'owner@example.com')).statusCode).toBe(201);
    });

    it('counts characters, not UTF-16 units', async () => {
      expect((await register(site.app, 'owner@example.com', '🔑'.repeat(11))).json()).toEqual({
        message: 'Password must be at least 12 characters long.',
      });
      expect((await register(site.app, 'owner@example.com', '🔑'.repeat(12))).statusCode).toBe(201);
    });

    it.each([
      ['an address without @', { email: 'not-an-address', password: PASSWORD }, 'Please enter a valid email address.'],
      ['an address with a space', { email: 'a b@example.com', password: PASSWORD }, 'Please enter a valid email address.'],
      ['a blank address', { email: '   ', password: PASSWORD }, 'Email is required.'],
      ['no address', { password: PASSWORD }, 'Email is required.'],
      ['no password', { email: 'owner@example.com' }, 'Password is required.'],
      ['an object for the address', { email: { nested: true }, password: PASSWORD }, 'Email must be text.'],
      ['a 2,000-character password', { email: 'owner@example.com', password: 'p'.repeat(2000) }, 'Password is too long.'],
      ['an array', [1, 2], 'The request body must be a JSON object.'],
    ])('answers a register body with %s with 400 and a message', async (_case, body, message) => {
      const response = await post(site.app, '/api/auth/register', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('answers malformed and oversized bodies with 4xx and a message', async () => {
      const broken = await site.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ message: 'The request body is not valid JSON.' });
      const huge = await post(site.app, '/api/auth/login', { email: 'owner@example.com', password: 'x'.repeat(20_000) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: 'The request body is too large.' });
    });

    it('refuses the 6th failed sign-in within 15 minutes with 429 and Retry-After, even with the right password', async () => {
      await register(site.app, 'owner@example.com');
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await login(site.app, 'owner@example.com', OTHER_PASSWORD)).statusCode).toBe(401);
      }
      const refused = await login(site.app, 'owner@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many attempts. Try again in 15 minutes.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // The account is locked from every address, not only the one that failed.
      expect((await login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: '10.9.9.9' })).statusCode).toBe(429);
    });

    it('locks out one client address that tries many accounts', async () => {
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await login(site.app, `guess${attempt}@example.com`, OTHER_PASSWORD, { remoteAddress: '10.0.0.7' })).statusCode).toBe(401);
      }
      expect((await login(site.app, 'guess6@example.com', OTHER_PASSWORD, { remoteAddress: '10.0.0.7' })).statusCode).toBe(429);
      expect((await login(site.app, 'guess6@example.com', OTHER_PASSWORD, { remoteAddress: '10.0.0.8' })).statusCode).toBe(401);
    });

    it('ignores a forged X-Forwarded-For without TRUST_PROXY', async () => {
      for (let attempt = 1; attempt <= 5; attempt++) {
        const headers = { 'x-forwarded-for': `192.0.2.${attempt}` };
        await login(site.app, `guess${attempt}@example.com`, OTHER_PASSWORD, { remoteAddress: '10.0.0.9', headers });
      }
      const response = await login(site.app, 'guess6@example.com', OTHER_PASSWORD, { remoteAddress: '10.0.0.9', headers: { 'x-forwarded-for': '192.0.2.99' } });
      expect(response.statusCode).toBe(429);
    });

    it('rehashes a password stored with weaker parameters at the next sign-in, keeping tokens valid', async () => {
      await register(site.app, 'owner@example.com');
      const weak = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 });
      await site.app.database.db.updateTable('users').set({ password_hash: weak }).execute();
      const token = (await login(site.app, 'owner@example.com')).json().token;
      const { password_hash: stored } = await site.app.database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect((await whoami(site.app, token)).statusCode).toBe(200);
      expect((await login(site.app, 'owner@example.com')).statusCode).toBe(200);
    });

    it('limits registration attempts per address', async () => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) statuses.push((await register(site.app, 'owner@example.com', 'short')).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });

    it('answers unknown API paths with 404 JSON', async () => {
      const response = await site.app.inject({ method: 'POST', url: '/api/auth/sign-off' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toHaveProperty('message');
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
    let site: TestSite;
    beforeEach(async () => {
      site = await startSite(env, { TRUST_PROXY: 'true' });
    });
    afterEach(() => site.close());

    it('counts failures per forwarded client address', async () => {
      const from = (client: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
      for (let attempt = 1; attempt <= 5; attempt++) await login(site.app, `guess${attempt}@example.com`, OTHER_PASSWORD, from('198.51.100.1'));
      expect((await login(site.app, 'guess6@example.com', OTHER_PASSWORD, from('198.51.100.1'))).statusCode).toBe(429);
      expect((await login(site.app, 'guess6@example.com', OTHER_PASSWORD, from('198.51.100.2'))).statusCode).toBe(401);
    });
  });

  describe('with ALLOW_REGISTRATION=true', () => {
    let site: TestSite;
    beforeEach(async () => {
      site = await startSite(env, { ALLOW_REGISTRATION: 'true' });
    });
    afterEach(() => site.close());

    it('registers further accounts, each able to sign in, and refuses a taken address', async () => {
      expect((await register(site.app, 'owner@example.com')).statusCode).toBe(201);
      expect((await register(site.app, 'partner@example.com')).statusCode).toBe(201);
      expect((await login(site.app, 'partner@example.com')).statusCode).toBe(200);
      const taken = await register(site.app, 'Partner@Example.com', OTHER_PASSWORD);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: 'An account with this email already exists.' });
    });
  });
});
