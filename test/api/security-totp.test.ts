import { sql } from 'kysely';
import { engines } from '../support/engines';
import { addProtectedRoute, login, post, startSite, uniqueEmail, whoami, type TestSite } from './accounts-helpers';
import { SmtpReceiver } from './smtp-receiver';
import { authed, awayFromStepEdge, CHROME, codeAt, enrolAuthenticator, mfaToken, secondStep, signUp, someClient } from './security-helpers';

describe.each(engines())('authenticator codes and recovery codes on $name', ({ env }) => {
  let site: TestSite;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await new SmtpReceiver().start();
    site = await startSite(env, { ALLOW_REGISTRATION: 'true', SMTP_URL: smtp.url });
    addProtectedRoute(site.app);
  });
  afterAll(async () => {
    await site.close();
    await smtp.stop();
  });

  const overview = async (token: string) => (await site.app.inject({ method: 'GET', url: '/api/security', ...authed(token) })).json();

  it('leaves the sign-in of an account without a second factor as it was', async () => {
    const email = uniqueEmail();
    await signUp(site.app, email);
    const response = await login(site.app, email, undefined, { remoteAddress: someClient() });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['token']);
  });

  it('enrols with a QR code and a first code, keeps the secret sealed and answers ten recovery codes once', async () => {
    const email = uniqueEmail();
    const token = await signUp(site.app, email);
    await awayFromStepEdge();
    const started = await post(site.app, '/api/security/authenticator', {}, authed(token));
    expect(started.statusCode).toBe(200);
    const { secret, uri, qrSvg } = started.json<{ secret: string; uri: string; qrSvg: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(await overview(token)).toMatchObject({ authenticator: false, recoveryCodesLeft: 0 });

    const wrong = await post(site.app, '/api/security/authenticator/confirm', { code: '000000' }, authed(token));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/code/);

    const confirmed = await post(site.app, '/api/security/authenticator/confirm', { code: await codeAt(secret, 0) }, authed(token));
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await overview(token)).toMatchObject({ authenticator: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(await overview(token))).not.toContain(secret);

    const stored = await sql<{ secret_enc: string }>`SELECT secret_enc FROM totp_factors`.execute(site.app.database.db);
    for (const row of stored.rows) expect(row.secret_enc).not.toContain(secret);
    const hashes = await sql<{ code_hash: string }>`SELECT code_hash FROM recovery_codes`.execute(site.app.database.db);
    for (const code of recoveryCodes) expect(hashes.rows.map((row) => row.code_hash)).not.toContain(code);

    expect((await post(site.app, '/api/security/authenticator', {}, authed(token))).statusCode).toBe(409);
    const mail = smtp.mails.find((received) => received.to.includes(email));
    expect(mail?.decoded).toContain('An authenticator app was turned on for your account.');
  });

  it('asks for a code after the right password, and answers a token for it once', async () => {
    const email = uniqueEmail();
    const { secret } = await enrolAuthenticator(site.app, await signUp(site.app, email));

    const wrongPassword = await login(site.app, email, 'not the password at all', { remoteAddress: someClient() });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password.' });

    const first = await login(site.app, email, undefined, { remoteAddress: someClient() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfaRequired: true, mfaToken: expect.stringMatching(/^[\w-]{43}$/) });
    const pending = first.json<{ mfaToken: string }>().mfaToken;

    const code = await codeAt(secret, 0);
    const done = await secondStep(site.app, pending, code);
    expect(done.statusCode).toBe(200);
    const { token } = done.json<{ token: string }>();
    expect((await whoami(site.app, token)).statusCode).toBe(200);

    const reusedToken = await secondStep(site.app, pending, await codeAt(secret, 1));
    expect(reusedToken.statusCode).toBe(401);
    expect(reusedToken.json()).toEqual({ message: 'This sign-in has expired. Please log in again.' });

    const replayed = await secondStep(site.app, await mfaToken(site.app, email), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: 'Invalid code.' });

    // One step of drift ahead is accepted.
    expect((await secondStep(site.app, await mfaToken(site.app, email), await codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('takes each recovery code once, counts what is left, and retires a set when it is renewed', async () => {
    const email = uniqueEmail();
    const token = await signUp(site.app, email);
    const { recoveryCodes } = await enrolAuthenticator(site.app, token);
    const mailsBefore = smtp.mails.length;

    const used = await secondStep(site.app, await mfaToken(site.app, email), recoveryCodes[0]!.toUpperCase());
    expect(used.statusCode).toBe(200);
    expect(await overview(token)).toMatchObject({ recoveryCodesLeft: 9 });
    expect((await secondStep(site.app, await mfaToken(site.app, email), recoveryCodes[0]!)).statusCode).toBe(401);
    const notice = await smtp.mail(mailsBefore + 1);
    expect(notice.decoded).toContain('A recovery code was used to sign in to your account.');

    const renewed = await post(site.app, '/api/security/recovery-codes', {}, authed(token));
    expect(renewed.statusCode).toBe(200);
    expect(await overview(token)).toMatchObject({ recoveryCodesLeft: 10 });
    expect((await secondStep(site.app, await mfaToken(site.app, email), recoveryCodes[1]!)).statusCode).toBe(401);
    expect((await secondStep(site.app, await mfaToken(site.app, email), renewed.json<{ recoveryCodes: string[] }>().recoveryCodes[3]!)).statusCode).toBe(200);
  });

  it('locks the sign-in after five wrong codes, as the password limits do', async () => {
    const email = uniqueEmail();
    const { secret } = await enrolAuthenticator(site.app, await signUp(site.app, email));
    const pending = await mfaToken(site.app, email);
    for (let attempt = 1; attempt <= 5; attempt++) expect((await secondStep(site.app, pending, '123456', `10.1.0.${attempt}`)).statusCode).toBe(401);
    const locked = await secondStep(site.app, pending, await codeAt(secret, 0), '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/^Too many attempts/);
    // The password does not buy fresh guesses either.
    expect((await login(site.app, email, undefined, { remoteAddress: '10.1.0.10' })).statusCode).toBe(429);
  });

  it('refuses an expired mfaToken, one of another account, and a code of another account', async () => {
    const alice = uniqueEmail('alice');
    const bob = uniqueEmail('bob');
    const aliceFactor = await enrolAuthenticator(site.app, await signUp(site.app, alice));
    const bobFactor = await enrolAuthenticator(site.app, await signUp(site.app, bob));

    const bobsCode = await secondStep(site.app, await mfaToken(site.app, alice), await codeAt(bobFactor.secret, 0));
    // The two secrets may share a code by chance once in a million.
    if ((await codeAt(bobFactor.secret, 0)) !== (await codeAt(aliceFactor.secret, 0))) expect(bobsCode.statusCode).toBe(401);
    expect((await secondStep(site.app, await mfaToken(site.app, alice), bobFactor.recoveryCodes[0]!)).statusCode).toBe(401);

    const stale = await mfaToken(site.app, alice);
    await site.app.database.db.updateTable('sign_in_challenges').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await secondStep(site.app, stale, await codeAt(aliceFactor.secret, 1));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'This sign-in has expired. Please log in again.' });
  });

  it.each([
    ['no body', undefined, 400],
    ['no code', { mfaToken: 'x' }, 400],
    ['no mfaToken', { code: '123456' }, 400],
    ['a number for a code', { mfaToken: 'x', code: 123456 }, 401],
    ['a made-up mfaToken', { mfaToken: 'made-up', code: '123456' }, 401],
    ['a huge code', { mfaToken: 'x', code: '1'.repeat(5000) }, 400],
  ])('answers %s with a message', async (_case, payload, status) => {
    const response = await post(site.app, '/api/auth/login/mfa', payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.stringMatching(/\w/) });
  });

  it('turns the authenticator off, after which the password alone signs in', async () => {
    const email = uniqueEmail();
    const token = await signUp(site.app, email);
    await enrolAuthenticator(site.app, token);
    const off = await site.app.inject({ method: 'DELETE', url: '/api/security/authenticator', ...authed(token) });
    expect(off.statusCode).toBe(204);
    expect(await overview(token)).toMatchObject({ authenticator: false, recoveryCodesLeft: 0 });
    expect((await login(site.app, email, undefined, { remoteAddress: someClient() })).json()).toEqual({ token: expect.any(String) });
    expect((await site.app.inject({ method: 'DELETE', url: '/api/security/authenticator', ...authed(token) })).statusCode).toBe(404);
  });

  it('logs sign-ins with their method, failures, lock-outs and changes, with a short address and a browser name', async () => {
    const email = uniqueEmail();
    const token = await signUp(site.app, email);
    const { recoveryCodes } = await enrolAuthenticator(site.app, token);
    await login(site.app, email, 'a wrong password indeed', { headers: { 'user-agent': CHROME }, remoteAddress: '203.0.113.77' });
    await secondStep(site.app, await mfaToken(site.app, email), recoveryCodes[2]!);
    const { events } = await overview(token);
    const kinds = events.map((event: { type: string; method: string | null }) => `${event.type}${event.method ? `:${event.method}` : ''}`);
    expect(kinds.slice(0, 4)).toEqual(['sign-in:recovery-code', 'recovery-code-used', 'sign-in-failed:password', 'authenticator-added']);
    expect(kinds).toContain('sign-in:password');
    const failure = events.find((event: { type: string }) => event.type === 'sign-in-failed');
    expect(failure).toMatchObject({ address: '203.0.113.x', browser: 'Chrome 131 on Linux', at: expect.stringMatching(/^\d{4}-/) });
    expect(events.every((event: { address: string }) => /^\d+\.\d+\.\d+\.x$/.test(event.address))).toBe(true);

    await site.app.database.db.updateTable('security_events').set({ created_at: new Date(Date.now() - 91 * 86_400_000).toISOString() }).where('type', '=', 'authenticator-added').execute();
    expect((await overview(token)).events.map((event: { type: string }) => event.type)).not.toContain('authenticator-added');
  });

  it('signs out everywhere by raising the token version', async () => {
    const email = uniqueEmail();
    const token = await signUp(site.app, email);
    const other = (await login(site.app, email, undefined, { remoteAddress: someClient() })).json<{ token: string }>().token;
    const response = await post(site.app, '/api/security/sign-out-everywhere', {}, authed(token));
    expect(response.statusCode).toBe(204);
    expect((await whoami(site.app, token)).statusCode).toBe(401);
    expect((await whoami(site.app, other)).statusCode).toBe(401);
    expect((await site.app.inject({ method: 'GET', url: '/api/security', ...authed(token) })).statusCode).toBe(401);
  });

  it('keeps the Security calls behind the sign-in', async () => {
    for (const [method, url] of [['GET', '/api/security'], ['POST', '/api/security/authenticator'], ['POST', '/api/security/passkeys/options'], ['POST', '/api/security/sign-out-everywhere']] as const) {
      const response = await site.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toHaveProperty('message');
    }
  });
});
