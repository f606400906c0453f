import fc from 'fast-check';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { engines } from '../support/engines';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { addProtectedRoute, post, startSite, uniqueEmail, whoami, type TestSite } from './accounts-helpers';
import { MAX_ANONYMOUS_CHALLENGES } from '../../src/server/security/challenges';
import { authed, enrolAuthenticator, signUp, someClient } from './security-helpers';

describe.each(engines())('passkeys on $name', ({ env }) => {
  let site: TestSite;
  const ORIGIN = 'https://agency.test';

  beforeAll(async () => {
    site = await startSite(env, { ALLOW_REGISTRATION: 'true' });
    addProtectedRoute(site.app);
  });
  afterAll(() => site.close());

  async function addPasskey(token: string, device = new SoftAuthenticator(ORIGIN), name = 'Work laptop') {
    const { options } = (await post(site.app, '/api/security/passkeys/options', {}, authed(token))).json<{ options: PublicKeyCredentialCreationOptionsJSON }>();
    expect(options).toMatchObject({ rp: { id: 'agency.test' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    const response = await post(site.app, '/api/security/passkeys', { name, response: device.register(options) }, authed(token));
    expect(response.statusCode).toBe(201);
    return device;
  }

  const loginOptions = async () => (await post(site.app, '/api/auth/passkey/options', {}, { remoteAddress: someClient() })).json<{ options: PublicKeyCredentialRequestOptionsJSON }>().options;
  const verify = (response: unknown) => post(site.app, '/api/auth/passkey/verify', { response }, { remoteAddress: someClient() });
  const overview = async (token: string) => (await site.app.inject({ method: 'GET', url: '/api/security', ...authed(token) })).json();

  it('adds a named passkey and signs in with it, without a password and past an authenticator app', async () => {
    const token = await signUp(site.app, uniqueEmail());
    await enrolAuthenticator(site.app, token);
    const device = await addPasskey(token);
    expect((await overview(token)).passkeys).toEqual([{ id: device.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }]);

    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: 'agency.test', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await verify(device.authenticate(options));
    expect(signedIn.statusCode).toBe(200);
    expect(Object.keys(signedIn.json())).toEqual(['token']);
    expect((await whoami(site.app, signedIn.json().token)).statusCode).toBe(200);
    const { passkeys, events } = await overview(token);
    expect(passkeys[0].lastUsedAt).toEqual(expect.any(String));
    expect(events[0]).toMatchObject({ type: 'sign-in', method: 'passkey', detail: 'Work laptop' });
  });

  it('bounds the challenges robots can make: 60 a minute from one address, and a fixed number alive at once', async () => {
    const client = someClient();
    const ask = () => post(site.app, '/api/auth/passkey/options', {}, { remoteAddress: client });
    for (let n = 0; n < 60; n++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });

    const db = site.app.database.db;
    const expires = new Date(Date.now() + 60_000).toISOString();
    const live = await db.selectFrom('sign_in_challenges').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'is', null).executeTakeFirstOrThrow();
    const filler = Array.from({ length: MAX_ANONYMOUS_CHALLENGES - Number(live.n) }, (_, n) => ({ id: `filler-${n}`, kind: 'passkey-login' as const, user_id: null, expires_at: expires }));
    for (let at = 0; at < filler.length; at += 500) await db.insertInto('sign_in_challenges').values(filler.slice(at, at + 500)).execute();
    try {
      const full = await post(site.app, '/api/auth/passkey/options', {}, { remoteAddress: someClient() });
      expect(full.statusCode).toBe(503);
      expect(full.headers['retry-after']).toBe('60');
      expect(full.json()).toEqual({ message: expect.stringMatching(/password/) });
    } finally {
      await db.deleteFrom('sign_in_challenges').where('id', 'like', 'filler-%').execute();
    }
    expect((await post(site.app, '/api/auth/passkey/options', {}, { remoteAddress: someClient() })).statusCode).toBe(200);
  });

  it('refuses a replayed response, a foreign origin, a counter going backwards, an unverified user and an expired challenge, and logs them', async () => {
    const token = await signUp(site.app, uniqueEmail());
    const device = await addPasskey(token);
    const first = device.authenticate(await loginOptions());
    expect((await verify(first)).statusCode).toBe(200);

    const replayed = await verify(first);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: expect.stringMatching(/\w/) });

    expect((await verify(device.authenticate(await loginOptions(), { origin: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await verify(device.authenticate(await loginOptions(), { counter: 0 }))).statusCode).toBe(401);
    expect((await verify(device.authenticate(await loginOptions(), { userVerified: false }))).statusCode).toBe(401);

    const options = await loginOptions();
    await site.app.database.db.updateTable('sign_in_challenges').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await verify(device.authenticate(options))).statusCode).toBe(401);

    const stranger = new SoftAuthenticator(ORIGIN);
    const unknown = await verify(stranger.authenticate(await loginOptions()));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'This passkey is not registered for any account.' });

    const failures = (await overview(token)).events.filter((event: { type: string }) => event.type === 'sign-in-failed');
    expect(failures.length).toBeGreaterThanOrEqual(4);
    expect(failures[0]).toMatchObject({ method: 'passkey' });
  });

  it('refuses a registration with a reused challenge, a foreign origin, no user verification or no name', async () => {
    const token = await signUp(site.app, uniqueEmail());
    const options = (await post(site.app, '/api/security/passkeys/options', {}, authed(token))).json().options;
    const device = new SoftAuthenticator(ORIGIN);
    const response = device.register(options);
    expect((await post(site.app, '/api/security/passkeys', { name: '  ', response }, authed(token))).json()).toEqual({ message: 'Please give the passkey a name.' });
    expect((await post(site.app, '/api/security/passkeys', { name: 'Phone', response }, authed(token))).statusCode).toBe(201);
    expect((await post(site.app, '/api/security/passkeys', { name: 'Phone', response }, authed(token))).statusCode).toBe(400);

    for (const make of [(o: PublicKeyCredentialCreationOptionsJSON) => new SoftAuthenticator('https://evil.example', 'agency.test').register(o), (o: PublicKeyCredentialCreationOptionsJSON) => new SoftAuthenticator(ORIGIN).register(o, { userVerified: false })]) {
      const fresh = (await post(site.app, '/api/security/passkeys/options', {}, authed(token))).json().options;
      const refused = await post(site.app, '/api/security/passkeys', { name: 'Other', response: make(fresh) }, authed(token));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'The passkey could not be added. Please try again.' });
    }
    // Another account's challenge is not this one's.
    const other = await signUp(site.app, uniqueEmail('other'));
    const theirs = (await post(site.app, '/api/security/passkeys/options', {}, authed(other))).json().options;
    expect((await post(site.app, '/api/security/passkeys', { name: 'Mine', response: new SoftAuthenticator(ORIGIN).register(theirs) }, authed(token))).statusCode).toBe(400);
  });

  it('renames and removes a passkey, which then signs in no more', async () => {
    const token = await signUp(site.app, uniqueEmail());
    const device = await addPasskey(token);
    const url = `/api/security/passkeys/${device.id}`;
    const renamed = await site.app.inject({ method: 'PATCH', url, payload: { name: 'Old phone' }, ...authed(token) });
    expect(renamed.json()).toMatchObject({ id: device.id, name: 'Old phone' });
    expect((await site.app.inject({ method: 'PATCH', url, payload: { name: 'x'.repeat(61) }, ...authed(token) })).statusCode).toBe(400);

    const someoneElse = await signUp(site.app, uniqueEmail('else'));
    expect((await site.app.inject({ method: 'DELETE', url, ...authed(someoneElse) })).statusCode).toBe(404);
    expect((await site.app.inject({ method: 'DELETE', url, ...authed(token) })).statusCode).toBe(204);
    expect((await overview(token)).passkeys).toEqual([]);
    expect((await verify(device.authenticate(await loginOptions()))).statusCode).toBe(401);
    expect((await overview(token)).events.map((event: { type: string }) => event.type)).toEqual(expect.arrayContaining(['passkey-added', 'passkey-removed']));
  });

  it('answers any hostile body with a 4xx and a message, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (body) => {
        const response = await post(site.app, '/api/auth/passkey/verify', { response: body });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toHaveProperty('message');
      }),
      { numRuns: 60 },
    );
  });
});
