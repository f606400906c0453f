import fc from 'fast-check';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { engines } from '../support/engines';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { addProtectedRoute, post, startSite, uniqueEmail, whoami, type TestSite } from './accounts-helpers';
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

  it('stores nothing for the challenges robots ask for, and lets one address ask 60 a minute', async () => {
    const rows = async () => Number((await site.app.database.db.selectFrom('sign_in_challenges').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await rows();
    const client = someClient();
    const ask = () => post(site.app, '/api/auth/passkey/options', {}, { remoteAddress: client });
    const challenges = new Set<string>();
    for (let n = 0; n < 60; n++) {
      const answer = await ask();
      expect(answer.statusCode).toBe(200);
      challenges.add(answer.json<{ options: PublicKeyCredentialRequestOptionsJSON }>().options.challenge);
    }
    expect(challenges.size).toBe(60);
    expect(await rows()).toBe(before);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
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
    const { now } = site.app.clock;
    site.app.clock.now = () => new Date(now().getTime() + 5 * 60 * 1000);
    try {
      expect((await verify(device.authenticate(options))).statusCode).toBe(401);
    } finally {
      site.app.clock.now = now;
    }
    // A challenge this server did not make, or one altered, is refused like an expired one.
    const made = await loginOptions();
    for (const challenge of [Buffer.alloc(72, 7).toString('base64url'), `${made.challenge.slice(0, -2)}${made.challenge.endsWith('A') ? 'BA' : 'AA'}`]) {
      expect((await verify(device.authenticate({ ...made, challenge }))).statusCode).toBe(401);
    }
    expect((await verify(device.authenticate(made))).statusCode).toBe(200);

    const stranger = new SoftAuthenticator(ORIGIN);
    const unknown = await verify(stranger.authenticate(await loginOptions()));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'This passkey is not registered for any account.' });

    const failures = (await overview(token)).events.filter((event: { type: string }) => event.type === 'sign-in-failed');
    expect(failures.length).toBeGreaterThanOrEqual(4);
    expect(failures[0]).toMatchObject({ method: 'passkey' });
  });

  it('refuses a replayed sign-in from a passkey that keeps no signature counter (always 0), by the challenge spent', async () => {
    const token = await signUp(site.app, uniqueEmail());
    const device = await addPasskey(token);
    const first = device.authenticate(await loginOptions(), { counter: 0 });
    const answers = await Promise.all([verify(first), verify(first)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect((await verify(first)).statusCode).toBe(401);
    // The next ceremony, with a challenge of its own, signs in.
    expect((await verify(device.authenticate(await loginOptions(), { counter: 0 }))).statusCode).toBe(200);
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
