import { engines } from '../support/engines';
import { adminToken, bearer } from '../support/posts-api';
import { UnsubscribeTokens } from '../../src/server/newsletter/unsubscribe-tokens';
import { startSite, type TestSite } from './accounts-helpers';
import { advance, confirmedReader, confirmLinkIn, NewsletterSmtp, READER, subscribe } from './newsletter-helpers';

const ANSWER = { message: 'Check your inbox to confirm your subscription.' };
const DAY = 24 * 60 * 60 * 1000;

describe.each(engines())('subscribing on $name', ({ env }) => {
  let smtp: NewsletterSmtp;
  let site: TestSite;

  beforeEach(async () => {
    smtp = await new NewsletterSmtp().start();
    site = await startSite(env, { SMTP_URL: smtp.url, MAIL_FROM: 'Larkspur <no-reply@agency.test>', NEWSLETTER_RATE: '1000' });
  });
  afterEach(async () => {
    await site.close();
    await smtp.stop();
  });

  const list = async (token: string, query = '') => (await site.app.inject({ method: 'GET', url: `/api/subscribers${query}`, headers: bearer(token) })).json();

  it('answers the same for a new and a known address, and mails a link that confirms', async () => {
    const first = await subscribe(site.app, ' Reader@Home.example ');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual(ANSWER);
    await smtp.waitFor(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toBe(READER);
    expect(mail!.parsed.subject).toBe('Confirm your subscription to Larkspur Web Studio');
    expect(mail!.parsed.from?.value[0]).toEqual({ name: 'Larkspur Web Studio', address: 'no-reply@agency.test' });

    // Asked again at once: the same answer, and no second mail.
    const again = await subscribe(site.app, READER);
    expect(again.json()).toEqual(ANSWER);

    const link = new URL(confirmLinkIn(mail!));
    expect(link.origin).toBe('https://agency.test');
    const confirmed = await site.app.inject({ method: 'GET', url: link.pathname });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/subscribe?state=confirmed');
    // The link works once.
    expect((await site.app.inject({ method: 'GET', url: link.pathname })).headers.location).toBe('/subscribe?state=invalid');

    const known = await subscribe(site.app, READER);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(ANSWER);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails).toHaveLength(1);

    const token = await adminToken(site.app);
    expect(await list(token)).toMatchObject({ total: 1, confirmed: 1, subscribers: [{ email: READER, status: 'confirmed' }] });
  });

  it('keeps the confirmation mail when the mail server drops it and sends it later; an address refused for good is marked bounced', async () => {
    smtp.dropNext = 1;
    smtp.refuse.add('gone@home.example');
    expect((await subscribe(site.app, READER)).json()).toEqual(ANSWER);
    expect((await subscribe(site.app, 'gone@home.example')).json()).toEqual(ANSWER);
    await site.app.confirmations.poke();
    expect(smtp.mails).toHaveLength(0);
    const token = await adminToken(site.app);
    const listed = (await list(token)).subscribers as Array<{ email: string; status: string; lastError: string | null }>;
    expect(listed.find((row) => row.email === 'gone@home.example')).toMatchObject({ status: 'bounced', lastError: expect.stringMatching(/550/) });
    expect(listed.find((row) => row.email === READER)).toMatchObject({ status: 'pending' });

    // Asking again while the mail waits queues nothing more.
    await subscribe(site.app, READER);
    await site.app.confirmations.poke();
    expect(smtp.mails).toHaveLength(0);

    // Five minutes on, the mail server takes it; its link confirms.
    advance(site.app, 5 * 60_000);
    await site.app.confirmations.poke();
    await smtp.waitFor(1);
    expect(smtp.mails.map((mail) => mail.to)).toEqual([READER]);
    const link = new URL(confirmLinkIn(smtp.mails[0]!));
    expect((await site.app.inject({ method: 'GET', url: link.pathname })).headers.location).toBe('/subscribe?state=confirmed');
    await site.app.confirmations.poke();
    expect(smtp.mails).toHaveLength(1);
  });

  it('lets a confirmation link expire after 48 hours and deletes unconfirmed addresses after 7 days', async () => {
    await subscribe(site.app, READER);
    await smtp.waitFor(1);
    const link = new URL(confirmLinkIn(smtp.mails[0]!));
    advance(site.app, 2 * DAY + 1000);
    expect((await site.app.inject({ method: 'GET', url: link.pathname })).headers.location).toBe('/subscribe?state=expired');

    const token = await adminToken(site.app);
    expect((await list(token)).total).toBe(1);
    advance(site.app, 5 * DAY);
    // Any subscription sweeps; this one's own address is new.
    await subscribe(site.app, 'other@home.example');
    expect(await list(token)).toMatchObject({ total: 1, subscribers: [{ email: 'other@home.example', status: 'pending' }] });
  });

  it('deletes unconfirmed addresses after 7 days on the sender’s schedule too, with nobody subscribing', async () => {
    await subscribe(site.app, READER);
    await smtp.waitFor(1);
    const token = await adminToken(site.app);
    advance(site.app, 6 * DAY);
    await site.app.newsletter.poke();
    expect((await list(token)).total).toBe(1);
    advance(site.app, 1 * DAY + 1000);
    await site.app.newsletter.poke();
    expect((await list(token)).total).toBe(0);
  });

  it('refuses bad input with 400 and a plain form with a page, and answers robots as people but keeps nothing', async () => {
    for (const email of ['', 'not-an-address', `${'a'.repeat(250)}@b.example`]) {
      const answer = await subscribe(site.app, email);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toHaveProperty('message');
    }
    expect((await site.app.inject({ method: 'POST', url: '/api/subscribers', payload: [] })).statusCode).toBe(400);
    expect((await site.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email: 5 } })).statusCode).toBe(400);
    const huge = await site.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email: 'x'.repeat(10_000) } });
    expect(huge.statusCode).toBe(413);

    const tooFast = await site.app.inject({ method: 'GET', url: '/api/subscribers/form' });
    const robot = await site.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email: 'robot@spam.example', startToken: tooFast.json().startToken } });
    expect(robot.statusCode).toBe(202);
    const filled = await site.app.inject({ method: 'POST', url: '/api/subscribers', payload: { email: 'pot@spam.example', website: 'x', startToken: 'x' } });
    expect(filled.json()).toEqual(ANSWER);

    // Without JavaScript: the blog page's cookie carries the start time, the answer is a page.
    const blog = await site.app.inject({ method: 'GET', url: '/blog' });
    const cookie = String(blog.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^subscribe_start=/);
    advance(site.app, 5000);
    const form = await site.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: 'email=form%40home.example&website=',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/subscribe?state=sent');
    const badForm = await site.app.inject({ method: 'POST', url: '/api/subscribers', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: 'email=nope' });
    expect(badForm.headers.location).toBe('/subscribe?state=refused');

    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.map((mail) => mail.to)).toEqual(['form@home.example']);
  });

  it('limits a client to 10 subscriptions an hour', async () => {
    for (let i = 0; i < 10; i++) expect((await subscribe(site.app, `r${i}@home.example`)).statusCode).toBe(202);
    const over = await subscribe(site.app, 'r10@home.example');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('unsubscribes with the button page and with one click, keeping nothing', async () => {
    await confirmedReader(site.app, smtp, READER);
    const token = await adminToken(site.app);
    const { subscribers } = await list(token);
    const path = `/unsubscribe/${new UnsubscribeTokens(site.app.secretsKey).issue(subscribers[0]._id)}`;

    // Opening the address changes nothing: it offers a button that posts back to it.
    const page = await site.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/<form[^>]*method="post"/);
    expect(page.body).toContain('Unsubscribe');
    expect((await list(token)).total).toBe(1);

    const button = await site.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'unsubscribe=1' });
    expect(button.statusCode).toBe(303);
    expect(button.headers.location).toBe('/subscribe?state=unsubscribed');
    expect((await list(token)).total).toBe(0);

    // One click (RFC 8058) on a link of an older mail: still unsubscribed, no page.
    const oneClick = await site.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);

    await confirmedReader(site.app, smtp, 'second@home.example');
    const second = (await list(token)).subscribers[0]._id as string;
    const secondPath = `/unsubscribe/${new UnsubscribeTokens(site.app.secretsKey).issue(second)}`;
    const click = await site.app.inject({ method: 'POST', url: secondPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(click.statusCode).toBe(200);
    expect((await list(token)).total).toBe(0);

    const forged = await site.app.inject({ method: 'POST', url: `${secondPath.slice(0, -2)}xx`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toHaveProperty('message');
  });
});
