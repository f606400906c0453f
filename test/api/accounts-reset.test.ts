import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../src/server/app';
import { engines } from '../support/engines';
import { removeDataDir, testConfig } from '../support/test-config';
import { addProtectedRoute, login, OTHER_PASSWORD, PASSWORD, post, register, startSite, whoami, type TestSite } from './accounts-helpers';
import { resetLinkIn, SmtpReceiver } from './smtp-receiver';

const FORGOT_ANSWER = { message: 'If an account exists for that address, a reset link is on its way.' };
const RESET_ANSWER = { message: 'Your password has been reset. You can now log in.' };
const INVALID_LINK = { message: 'This reset link is invalid or has expired. Please request a new one.' };

const forgot = (site: TestSite, email: string, options = {}) => post(site.app, '/api/forgot-password', { email }, options);
const reset = (site: TestSite, link: string, password: string) => post(site.app, `/api/reset-password/${link.split('/').pop()}`, { password });

describe.each(engines())('forgot and reset password on $name', ({ env }) => {
  let smtp: SmtpReceiver;
  let site: TestSite;

  beforeEach(async () => {
    smtp = await new SmtpReceiver().start();
    site = await startSite(env, { SMTP_URL: smtp.url, MAIL_FROM: 'Larkspur <no-reply@agency.test>' });
    addProtectedRoute(site.app);
    expect((await register(site.app, 'owner@example.com')).statusCode).toBe(201);
  });
  afterEach(async () => {
    await site.close();
    await smtp.stop();
  });

  it('mails a link that resets the password once and retires every earlier sign-in token', async () => {
    const before = (await login(site.app, 'owner@example.com')).json().token;
    expect((await whoami(site.app, before)).statusCode).toBe(200);

    const asked = await forgot(site, '  Owner@Example.com ');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(FORGOT_ANSWER);

    const mail = await smtp.mail(1);
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.from).toBe('no-reply@agency.test');
    const link = resetLinkIn(mail);
    expect(link).toMatch(/^https:\/\/agency\.test\/reset-password\/[A-Za-z0-9_-]{43,}$/);

    // Following the link opens the reset page.
    const page = await site.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);

    const done = await reset(site, link, OTHER_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual(RESET_ANSWER);

    expect((await login(site.app, 'owner@example.com', OTHER_PASSWORD)).statusCode).toBe(200);
    expect((await login(site.app, 'owner@example.com', PASSWORD)).statusCode).toBe(401);
    const old = await whoami(site.app, before);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: expect.any(String) });

    const again = await reset(site, link, 'yet another long passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
  });

  it('answers known and unknown addresses alike, and mails only the known', async () => {
    const known = await forgot(site, 'owner@example.com');
    const unknown = await forgot(site, 'stranger@example.com');
    const comparable = (response: typeof known) => {
      const headers: Record<string, unknown> = { ...response.headers };
      delete headers.date;
      return { status: response.statusCode, headers, body: response.body };
    };
    expect(comparable(unknown)).toEqual(comparable(known));
    await smtp.mail(1);
    await site.close(); // waits for mail still being sent
    site = await startSite(env);
    expect(smtp.mails.map((mail) => mail.to)).toEqual([['owner@example.com']]);
  });

  it('builds the link from SITE_URL, whatever Host the request names', async () => {
    await forgot(site, 'owner@example.com', { headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' } });
    expect(new URL(resetLinkIn(await smtp.mail(1))).origin).toBe('https://agency.test');
  });

  it('keeps the link the owner has when someone else asks for another, and retires the others once one is used', async () => {
    await forgot(site, 'owner@example.com');
    const owners = resetLinkIn(await smtp.mail(1));
    await post(site.app, '/api/forgot-password', { email: 'owner@example.com' }, { remoteAddress: '203.0.113.9' });
    const strangers = resetLinkIn(await smtp.mail(2));
    expect(strangers).not.toBe(owners);
    expect((await reset(site, owners, OTHER_PASSWORD)).json()).toEqual(RESET_ANSWER);
    expect((await reset(site, strangers, 'yet another long passphrase')).json()).toEqual(INVALID_LINK);
  });

  it('mails the owner a notice once the password was reset', async () => {
    await forgot(site, 'owner@example.com');
    expect((await reset(site, resetLinkIn(await smtp.mail(1)), OTHER_PASSWORD)).json()).toEqual(RESET_ANSWER);
    const notice = await smtp.mail(2);
    expect(notice.to).toEqual(['owner@example.com']);
    expect(notice.raw).toMatch(/^Subject: Security notice from /m);
    expect(notice.decoded).toContain('The password of your account was reset');
  });

  it('refuses a link after its hour', async () => {
    await forgot(site, 'owner@example.com');
    const link = resetLinkIn(await smtp.mail(1));
    const stored = await site.app.database.db.selectFrom('password_resets').select(['expires_at', 'created_at', 'token_hash']).execute();
    expect(stored).toHaveLength(1);
    // Only the digest is kept.
    expect(stored[0]!.token_hash).not.toContain(link.split('/').pop());
    expect(Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at)).toBe(60 * 60 * 1000);

    await site.app.database.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const response = await reset(site, link, OTHER_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it('applies the password rules, and a refused password does not spend the link', async () => {
    await forgot(site, 'owner@example.com');
    const link = resetLinkIn(await smtp.mail(1));
    const weak = await reset(site, link, 'owner@example.com');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: 'Password must not be your email address.' });
    expect((await reset(site, link, 'short')).json()).toEqual({ message: 'Password must be at least 12 characters long.' });
    expect((await reset(site, link, OTHER_PASSWORD)).json()).toEqual(RESET_ANSWER);
  });

  it.each([
    ['a made-up token', 'x'.repeat(43)],
    ['a long token', 'y'.repeat(99)],
    ['an encoded path', '..%2F..%2Fetc%2Fpasswd'],
  ])('refuses %s with 400', async (_case, token) => {
    const response = await post(site.app, `/api/reset-password/${token}`, { password: OTHER_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it('allows 5 reset requests an hour per address, then 429 with Retry-After', async () => {
    for (let request = 1; request <= 5; request++) {
      expect((await forgot(site, 'owner@example.com', { remoteAddress: `10.2.0.${request}` })).statusCode).toBe(200);
    }
    const refused = await forgot(site, 'OWNER@example.com', { remoteAddress: '10.2.0.9' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many attempts. Try again in 60 minutes.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // Unknown addresses are counted the same way, so the 429 tells nothing either.
    for (let request = 1; request <= 5; request++) await forgot(site, 'stranger@example.com', { remoteAddress: `10.3.0.${request}` });
    expect((await forgot(site, 'stranger@example.com', { remoteAddress: '10.3.0.9' })).statusCode).toBe(429);
  });

  it('lets the mailbox holder sign in at once after a lock-out', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) await login(site.app, 'owner@example.com', 'wrong password guess', { remoteAddress: '10.4.0.1' });
    expect((await login(site.app, 'owner@example.com', PASSWORD, { remoteAddress: '10.4.0.2' })).statusCode).toBe(429);
    await forgot(site, 'owner@example.com');
    await reset(site, resetLinkIn(await smtp.mail(1)), OTHER_PASSWORD);
    expect((await login(site.app, 'owner@example.com', OTHER_PASSWORD, { remoteAddress: '10.4.0.2' })).statusCode).toBe(200);
  });
});

describe('reset mail without SMTP_URL', () => {
  it('writes the mail to DATA_DIR/outbox, and the log says so without the link', async () => {
    const config = testConfig();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp(config, { logger: { level: 'info', stream } });
    try {
      await register(app, 'owner@example.com');
      expect((await post(app, '/api/forgot-password', { email: 'owner@example.com' })).json()).toEqual(FORGOT_ANSWER);
    } finally {
      await app.close(); // waits for the mail
    }
    const outbox = path.join(config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: owner@example\.com$/m);
    const link = resetLinkIn({ decoded: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') });
    expect(lines.join('')).toContain('DATA_DIR/outbox');
    expect(lines.join('')).not.toContain(link.split('/').pop());
    removeDataDir(config);
  });
});
