import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { NewsletterSend } from '../../src/shared/newsletter';
import { buildApp } from '../../src/server/app';
import { createMailer, type Mailer } from '../../src/server/mail/mailer';
import { SendRepository } from '../../src/server/newsletter/send-repository';
import { SendWorker } from '../../src/server/newsletter/send-worker';
import { siteIdentity } from '../../src/server/site/published-content';
import { SubscriberRepository } from '../../src/server/newsletter/subscriber-repository';
import { UnsubscribeTokens } from '../../src/server/newsletter/unsubscribe-tokens';
import { engines } from '../support/engines';
import { adminToken, bearer, createPost } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';
import { startSite, type TestSite } from './accounts-helpers';
import { advance, NewsletterSmtp } from './newsletter-helpers';
import { siteApi, type SaveAnswer } from './site-content-helpers';

const HOUR = 3_600_000;
jest.setTimeout(30_000);

/** Confirmed subscribers written straight to the table: what the subscribe tests prove, made fast. */
async function readers(app: FastifyInstance, emails: string[]): Promise<void> {
  const now = new Date().toISOString();
  await app.database.db
    .insertInto('subscribers')
    .values(emails.map((email) => ({ id: randomUUID(), email, status: 'confirmed' as const, token_hash: null, token_expires_at: null, confirmation_sent_at: null, created_at: now, confirmed_at: now, bounced_at: null, last_error: null })))
    .execute();
}

const progress = async (app: FastifyInstance, token: string, postId: string) =>
  (await app.inject({ method: 'GET', url: '/api/newsletter/sends', headers: bearer(token) })).json<NewsletterSend[]>().find((send) => send.postId === postId);

describe.each(engines())('sending posts to subscribers on $name', ({ env }) => {
  let smtp: NewsletterSmtp;
  let site: TestSite;
  let token: string;

  beforeEach(async () => {
    smtp = await new NewsletterSmtp().start();
    site = await startSite(env, { SMTP_URL: smtp.url, MAIL_FROM: 'Larkspur <no-reply@agency.test>', NEWSLETTER_RATE: '1000' });
    site.app.clock.now = () => new Date('2031-03-04T08:00:00.000Z');
    token = await adminToken(site.app, 'owner@agency.test');
  });
  afterEach(async () => {
    await site.close();
    await smtp.stop();
  });

  const ask = (postId: string) => site.app.inject({ method: 'POST', url: `/api/posts/id/${postId}/newsletter`, headers: bearer(token) });

  it('mails a published post once to every confirmed subscriber, as HTML with inline styles and plain text', async () => {
    await readers(site.app, ['a@home.example', 'b@home.example', 'c@home.example']);
    await site.app.database.db.insertInto('subscribers').values({ id: randomUUID(), email: 'pending@home.example', status: 'pending', token_hash: null, token_expires_at: null, confirmation_sent_at: null, created_at: new Date().toISOString(), confirmed_at: null, bounced_at: null, last_error: null }).execute();
    const post = await createPost(site.app, token, {
      title: 'Faster pages for small shops',
      body: 'Read [our services](/services) and [the spec](https://example.org/spec).\n\n![A chart](/uploads/0123456789abcdef0123456789abcdef.webp#1600x900)\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      status: 'published',
    });

    const asked = await ask(post._id);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ postId: post._id });
    await site.app.newsletter.poke();
    await smtp.waitFor(3);
    expect(smtp.mails.map((mail) => mail.to).sort()).toEqual(['a@home.example', 'b@home.example', 'c@home.example']);
    expect(await progress(site.app, token, post._id)).toMatchObject({ state: 'done', total: 3, sent: 3, failed: 0 });

    const [mail] = smtp.mails;
    const { parsed } = mail!;
    expect(parsed.subject).toBe('Faster pages for small shops');
    expect(parsed.from?.value[0]).toEqual({ name: 'Larkspur Web Studio', address: 'no-reply@agency.test' });
    const headerLines = mail!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribe = /^List-Unsubscribe: <(https:\/\/agency\.test\/unsubscribe\/[^>]+)>, <mailto:hello@larkspur\.example\?subject=[^>]+>\r?$/m.exec(headerLines);
    expect(unsubscribe).not.toBeNull();
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const html = String(parsed.html);
    // Inline styles, no style element left; absolute links exactly where they point; the 800 px image.
    expect(html).not.toMatch(/<style/);
    expect(html).toMatch(/<h1 style="[^"]+">/);
    expect(html).toContain('href="https://agency.test/services"');
    expect(html).toContain('href="https://example.org/spec"');
    expect(html).toContain('src="https://agency.test/uploads/0123456789abcdef0123456789abcdef-800.webp"');
    expect(html).not.toMatch(/srcset/i);
    expect(html).toContain(unsubscribe![1]);
    // No tracking: every image is the post's, every link the post's, the site's or the unsubscribe address.
    const images = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((match) => match[1]);
    expect(images).toEqual(['https://agency.test/uploads/0123456789abcdef0123456789abcdef-800.webp']);
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links.every((link) => link.startsWith('https://agency.test/') || link === 'https://example.org/spec')).toBe(true);
    const text = String(parsed.text);
    expect(text).toContain('Faster pages for small shops');
    expect(text).toContain('https://agency.test/services');
    expect(text).toContain(unsubscribe![1]);
    expect(text).not.toMatch(/<[a-z]/);

    // Asked again: refused, and nobody is mailed twice.
    expect((await ask(post._id)).statusCode).toBe(409);
    await site.app.newsletter.poke();
    expect(smtp.mails).toHaveLength(3);
  });

  it('waits for a scheduled post to become visible, and refuses drafts and unknown posts', async () => {
    await readers(site.app, ['a@home.example']);
    const draft = await createPost(site.app, token, { title: 'Draft', body: 'b', status: 'draft' });
    expect((await ask(draft._id)).statusCode).toBe(409);
    expect((await ask(randomUUID())).statusCode).toBe(404);
    expect((await site.app.inject({ method: 'POST', url: `/api/posts/id/${draft._id}/newsletter` })).statusCode).toBe(401);

    const scheduled = await createPost(site.app, token, { title: 'Tomorrow', body: 'b', publishAt: '2031-03-05T08:00:00Z' });
    expect((await ask(scheduled._id)).statusCode).toBe(202);
    await site.app.newsletter.poke();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(0);
    expect(await progress(site.app, token, scheduled._id)).toMatchObject({ state: 'waiting' });

    advance(site.app, 24 * HOUR);
    await site.app.newsletter.poke();
    await smtp.waitFor(1);
    expect(smtp.mails[0]!.parsed.subject).toBe('Tomorrow');
  });

  it('marks an address refused with 550 bounced and skips it later; retries after a dropped connection', async () => {
    await readers(site.app, ['a@home.example', 'gone@home.example', 'c@home.example']);
    smtp.refuse.add('gone@home.example');
    smtp.dropNext = 1;
    const first = await createPost(site.app, token, { title: 'First', body: 'b', status: 'published' });
    await ask(first._id);
    await site.app.newsletter.poke();
    // The dropped connection left one mail for a minute later.
    const afterDrop = await progress(site.app, token, first._id);
    expect(afterDrop).toMatchObject({ state: 'sending', total: 3 });
    advance(site.app, 2 * 60_000);
    await site.app.newsletter.poke();
    await site.app.newsletter.poke();
    expect(await progress(site.app, token, first._id)).toMatchObject({ state: 'done', total: 3, sent: 2, failed: 1 });
    expect(smtp.mails.map((mail) => mail.to).sort()).toEqual(['a@home.example', 'c@home.example']);
    const list = (await site.app.inject({ method: 'GET', url: '/api/subscribers?q=gone', headers: bearer(token) })).json();
    expect(list.subscribers[0]).toMatchObject({ email: 'gone@home.example', status: 'bounced' });
    expect(list.subscribers[0].lastError).toMatch(/550/);

    const second = await createPost(site.app, token, { title: 'Second', body: 'b', status: 'published' });
    await ask(second._id);
    await site.app.newsletter.poke();
    expect(await progress(site.app, token, second._id)).toMatchObject({ state: 'done', total: 2, sent: 2, failed: 0 });
  });

  it('carries on after a crash from the recipients not yet mailed', async () => {
    await readers(site.app, Array.from({ length: 6 }, (_, i) => `r${i}@home.example`));
    const post = await createPost(site.app, token, { title: 'Resumed', body: 'b', publishAt: '2031-03-04T09:00:00Z' });
    await ask(post._id);
    await site.app.newsletter.poke();
    // What a sender killed mid-way leaves: the send started, two mailed, one claimed, the rest waiting.
    const db = site.app.database.db;
    const sends = await import('../../src/server/newsletter/send-repository');
    const repository = new sends.SendRepository(db);
    expect(await repository.start(post._id, site.app.clock.now())).toBe(true);
    while (await repository.copyRecipients(post._id, site.app.clock.now(), 1000));
    const rows = await db.selectFrom('newsletter_deliveries').select(['subscriber_id', 'email']).orderBy('subscriber_id').execute();
    for (const row of rows.slice(0, 2)) await db.updateTable('newsletter_deliveries').set({ state: 'sent', sent_at: new Date().toISOString() }).where('subscriber_id', '=', row.subscriber_id).execute();
    await db.updateTable('newsletter_deliveries').set({ state: 'sending', claimed_until: new Date(Date.now() + HOUR).toISOString() }).where('subscriber_id', '=', rows[2]!.subscriber_id).execute();

    advance(site.app, HOUR);
    await site.app.newsletter.poke();
    await smtp.waitFor(4);
    expect(smtp.mails.map((mail) => mail.to).sort()).toEqual(rows.slice(2).map((row) => row.email).sort());
    expect(await progress(site.app, token, post._id)).toMatchObject({ state: 'done', total: 6, sent: 6 });
  });

  it('mails each subscriber once with two senders on one database, one of them slow: a live claim is never taken back', async () => {
    await readers(site.app, Array.from({ length: 6 }, (_, i) => `pair${i}@home.example`));
    const post = await createPost(site.app, token, { title: 'Two senders', body: 'b', publishAt: '2031-03-04T09:00:00Z' });
    await ask(post._id);
    await site.app.newsletter.poke();
    advance(site.app, HOUR);
    // A second sender as another instance runs it (SQLite: no advisory lock), its mail server slow to answer.
    const db = site.app.database.db;
    const mailer = createMailer(site.config);
    const slow: Mailer = { delivers: true, send: async (mail) => { await new Promise((resolve) => setTimeout(resolve, 150)); await mailer.send(mail); }, close: () => mailer.close() };
    const other = new SendWorker({
      database: site.app.database,
      sends: new SendRepository(db),
      subscribers: new SubscriberRepository(db),
      tokens: new UnsubscribeTokens(site.app.secretsKey),
      mailer: slow,
      rate: 1000,
      siteUrl: site.config.siteUrl,
      identity: siteIdentity(site.app),
      post: async (id) => ({ id, title: 'Two senders', slug: 'two-senders', html: '<p>b</p>', imageUrl: null, imageAlt: '' }),
      now: () => site.app.clock.now(),
      log: site.app.log,
    });
    try {
      const slowPass = other.poke();
      const claimed = async () => (await db.selectFrom('newsletter_deliveries').select('subscriber_id').where('state', '=', 'sending').execute()).length;
      for (let waited = 0; (await claimed()) === 0 && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await claimed()).toBe(1);
      // The first sender's pass starts while the other's mail is on its way: it leaves that claim alone.
      await site.app.newsletter.poke();
      await slowPass;
      await Promise.all([site.app.newsletter.poke(), other.poke()]);
      await smtp.waitFor(6);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const recipients = smtp.mails.map((mail) => mail.to);
      expect(recipients).toHaveLength(6);
      expect(new Set(recipients).size).toBe(6);
      expect(await progress(site.app, token, post._id)).toMatchObject({ state: 'done', total: 6, sent: 6 });
    } finally {
      await other.stop();
      slow.close();
    }
  });

  it('copies the recipients a page at a time, and a copy cut short carries on without adding anyone twice', async () => {
    await readers(site.app, Array.from({ length: 5 }, (_, i) => `page${i}@home.example`));
    const post = await createPost(site.app, token, { title: 'Pages', body: 'b', publishAt: '2031-03-04T09:00:00Z' });
    const sends = new SendRepository(site.app.database.db);
    await sends.request(post._id, site.app.clock.now());
    const at = new Date('2031-03-04T10:00:00.000Z');
    expect(await sends.start(post._id, at)).toBe(true);
    expect(await sends.start(post._id, at)).toBe(false);
    expect(await sends.copyRecipients(post._id, at, 2)).toBe(true);
    expect((await sends.progress(post._id))[0]).toMatchObject({ state: 'sending', total: 2 });
    // Not done while the list is incomplete, whatever was mailed.
    expect(await sends.finishIfDone(post._id, at)).toBe(false);
    // The process dies here; the next sender carries on from the mark.
    const next = new SendRepository(site.app.database.db);
    const pages: boolean[] = [];
    for (let more = true; more; ) pages.push((more = await next.copyRecipients(post._id, at, 2)));
    expect(pages).toEqual([true, true, false]);
    const rows = await site.app.database.db.selectFrom('newsletter_deliveries').select('email').where('post_id', '=', post._id).execute();
    expect(rows.map((row) => row.email).sort()).toEqual(Array.from({ length: 5 }, (_, i) => `page${i}@home.example`));
    expect((await sends.progress(post._id))[0]).toMatchObject({ total: 5 });
    expect(await next.copyRecipients(post._id, at, 2)).toBe(false);
  });

  it('settles a mail only under its own claim, and releases only claims whose lease ran out', async () => {
    await readers(site.app, ['a@home.example', 'b@home.example']);
    const post = await createPost(site.app, token, { title: 'Claims', body: 'b', publishAt: '2031-03-04T09:00:00Z' });
    const sends = new SendRepository(site.app.database.db);
    await sends.request(post._id, site.app.clock.now());
    const at = new Date('2031-03-04T10:00:00.000Z');
    expect(await sends.start(post._id, at)).toBe(true);
    while (await sends.copyRecipients(post._id, at, 1000));
    const [a] = await sends.duePage(post._id, at, '', 10);
    const mine = await sends.claim(post._id, a!.subscriber_id, at, new Date(at.getTime() + 60_000));
    expect(mine).toEqual(expect.any(String));
    expect(await sends.claim(post._id, a!.subscriber_id, at, new Date(at.getTime() + 60_000))).toBeNull();
    // Another sender's token settles nothing; a pass within the lease releases nothing.
    expect(await sends.sent({ postId: post._id, subscriberId: a!.subscriber_id, token: 'not-this-claim' }, at)).toBe(false);
    await sends.releaseClaims(new Date(at.getTime() + 30_000));
    expect(await sends.claim(post._id, a!.subscriber_id, at, new Date(at.getTime() + 60_000))).toBeNull();
    // Once the lease ran out the claim is released, and its old holder settles nothing.
    await sends.releaseClaims(new Date(at.getTime() + 60_000));
    const theirs = await sends.claim(post._id, a!.subscriber_id, at, new Date(at.getTime() + 120_000));
    expect(theirs).toEqual(expect.any(String));
    expect(await sends.sent({ postId: post._id, subscriberId: a!.subscriber_id, token: mine! }, at)).toBe(false);
    expect(await sends.sent({ postId: post._id, subscriberId: a!.subscriber_id, token: theirs! }, at)).toBe(true);
  });

  it('mails a test to the signed-in owner alone, for a draft too', async () => {
    await readers(site.app, ['a@home.example']);
    const draft = await createPost(site.app, token, { title: 'Work in progress', body: 'b', status: 'draft' });
    const answer = await site.app.inject({ method: 'POST', url: `/api/posts/id/${draft._id}/newsletter/test`, headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'A test was sent to owner@agency.test.' });
    await smtp.waitFor(1);
    expect(smtp.mails.map((mail) => mail.to)).toEqual(['owner@agency.test']);
    expect(smtp.mails[0]!.parsed.subject).toBe('Work in progress');
  });

  it('mails under the name the owner has published, not the shipped one', async () => {
    const api = siteApi(site.app, token);
    const state = await api.state();
    const saved = await api.save('settings', { ...state.draft.settings, name: 'Bright Harbour Studio' }, state.draftVersion);
    expect(saved.statusCode).toBe(200);
    expect((await api.publish(saved.json<SaveAnswer>().draftVersion)).statusCode).toBe(201);
    const post = await createPost(site.app, token, { title: 'Renamed', body: 'b', status: 'draft' });
    expect((await site.app.inject({ method: 'POST', url: `/api/posts/id/${post._id}/newsletter/test`, headers: bearer(token) })).statusCode).toBe(200);
    await smtp.waitFor(1);
    expect(smtp.mails[0]!.parsed.from?.value[0]?.name).toBe('Bright Harbour Studio');
    expect(smtp.mails[0]!.parsed.text).toContain('Bright Harbour Studio');
  });

  if (env.DATABASE_URL) {
    it('starts a send once and mails each subscriber once with two instances racing', async () => {
      const other = await buildApp(testConfig({ ...env, DATABASE_SCHEMA: site.config.databaseSchema!, SMTP_URL: smtp.url, NEWSLETTER_RATE: '1000' }));
      try {
        other.clock.now = site.app.clock.now;
        await readers(site.app, Array.from({ length: 40 }, (_, i) => `racer${i}@home.example`));
        const post = await createPost(site.app, token, { title: 'Raced', body: 'b', publishAt: '2031-03-04T09:00:00Z' });
        await ask(post._id);
        advance(site.app, HOUR);
        other.clock.now = site.app.clock.now;
        await Promise.all([site.app.newsletter.poke(), other.newsletter.poke(), site.app.newsletter.poke(), other.newsletter.poke()]);
        await smtp.waitFor(40);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const recipients = smtp.mails.map((mail) => mail.to);
        expect(recipients).toHaveLength(40);
        expect(new Set(recipients).size).toBe(40);
      } finally {
        await other.close();
        removeDataDir(other.config);
      }
    });
  }
});
