import { engines } from '../support/engines';
import { startSite, type TestSite } from './accounts-helpers';
import { listMessages, ownerHeaders, sendContact, startForm, THANK_YOU, VISITOR } from './contact-helpers';
import { SmtpReceiver } from './smtp-receiver';

describe.each(engines())('POST /api/contact on $name', ({ env }) => {
  let smtp: SmtpReceiver;
  let site: TestSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    smtp = await new SmtpReceiver().start();
    site = await startSite(env, { CONTACT_DELIVERY: 'server', SMTP_URL: smtp.url, MAIL_FROM: 'Larkspur <no-reply@agency.test>' });
    owner = await ownerHeaders(site.app);
  });
  afterEach(async () => {
    await site.close();
    await smtp.stop();
  });

  it('keeps a valid message and mails it to the agency with Reply-To the visitor', async () => {
    const answer = await sendContact(site.app, VISITOR);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual(THANK_YOU);

    const mail = await smtp.mail(1);
    expect(mail.to).toEqual(['hello@larkspur.example']);
    expect(mail.raw).toMatch(/^Reply-To: maria@bakery\.example\r?$/m);
    expect(mail.raw).toMatch(/^Subject: New Inquiry from Maria Okafor\r?$/m);
    expect(mail.decoded).toContain('We would like an online order form for our bakery.');

    await site.app.contactDelivery.poke();
    const [stored] = await listMessages(site.app, owner);
    expect(stored).toMatchObject({ ...VISITOR, folder: 'inbox', delivery: 'sent', readAt: null, deliveryAttempts: 1 });
    expect(await listMessages(site.app, owner, 'spam')).toEqual([]);
  });

  it.each([
    ['an empty name', { name: '' }, 'Name is required.'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters.'],
    ['a name with a line break', { name: 'Eve\r\nBcc: everyone@example.com' }, 'Name contains characters that are not allowed.'],
    ['a name that is a number', { name: 42 }, 'Name must be text.'],
    ['an empty e-mail', { email: '' }, 'Email is required.'],
    ['an invalid e-mail', { email: 'not-an-address' }, 'Please enter a valid email address.'],
    ['an e-mail of 255 characters', { email: `${'a'.repeat(245)}@b.example` }, 'Email must be at most 254 characters.'],
    ['a blank message', { message: '   ' }, 'Message is required.'],
    ['a message of 5,001 characters', { message: 'x'.repeat(5001) }, 'Message must be at most 5,000 characters.'],
  ])('refuses %s with 400 naming the field', async (_label, change, message) => {
    const answer = await sendContact(site.app, { ...VISITOR, ...change });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message });
    expect(await listMessages(site.app, owner)).toEqual([]);
  });

  it('takes a message of exactly 5,000 characters and a name of exactly 100', async () => {
    const answer = await sendContact(site.app, { ...VISITOR, name: 'n'.repeat(100), message: 'é'.repeat(5000) });
    expect(answer.statusCode).toBe(201);
  });

  it('refuses bodies over 32 kB with 413 and a body that is not an object with 400', async () => {
    const big = await sendContact(site.app, { ...VISITOR, message: 'x'.repeat(33 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: expect.any(String) });
    const list = await site.app.inject({ method: 'POST', url: '/api/contact', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ message: expect.stringContaining('name, email and message') });
  });

  it('answers a plain form post (no JavaScript) with the page: 303 to the thank-you, or the form again with its errors', async () => {
    const form = (fields: Record<string, string>) =>
      site.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const startToken = await startForm(site.app);
    const kept = await form({ ...VISITOR, website: '', startToken });
    expect(kept.statusCode).toBe(303);
    expect(kept.headers.location).toBe('/contact?sent=1');
    await smtp.mail(1);

    const refused = await form({ ...VISITOR, email: 'maria at bakery', website: '', startToken });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Please enter a valid email address.');
    expect(refused.body).toContain('value="maria at bakery"');
    expect(refused.body).toContain('We would like an online order form for our bakery.</textarea>');
    expect(refused.body).toMatch(/<form[^>]*\smethod="post"/);
    expect(refused.body).toMatch(/<form[^>]*\saction="\/api\/contact"/);
  });

  /** Spam is answered like a real message, kept apart, and never mailed. */
  async function expectSpam(answer: Awaited<ReturnType<typeof sendContact>>, reason: RegExp) {
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual(THANK_YOU);
    await site.app.contactDelivery.poke();
    expect(await listMessages(site.app, owner)).toEqual([]);
    const [spam] = await listMessages(site.app, owner, 'spam');
    expect(spam).toMatchObject({ folder: 'spam', delivery: 'none', spamReason: expect.stringMatching(reason) });
    expect(smtp.mails).toEqual([]);
  }

  it('judges a filled-in honeypot spam', async () => {
    await expectSpam(await sendContact(site.app, { ...VISITOR, website: 'https://cheap-pills.example' }), /honeypot/);
  });

  it('judges a form sent within 3 seconds spam, and one sent after them not', async () => {
    const token = await startForm(site.app, 2900);
    await expectSpam(await sendContact(site.app, { ...VISITOR, startToken: token }), /too fast/);
    const later = await startForm(site.app, 3000);
    expect((await sendContact(site.app, { ...VISITOR, startToken: later })).statusCode).toBe(201);
    await smtp.mail(1);
  });

  it('judges a missing or forged form-start time spam', async () => {
    const token = await startForm(site.app);
    const [ms, signature] = token.split('.');
    const earlier = `${Number(ms) - 60_000}.${signature}`;
    await expectSpam(await sendContact(site.app, { ...VISITOR, startToken: earlier }), /forged/);
    expect((await sendContact(site.app, { ...VISITOR, startToken: undefined })).json()).toEqual(THANK_YOU);
    expect((await listMessages(site.app, owner, 'spam')).map((m) => m.spamReason).sort()).toEqual(['forged form-start time', 'no form-start time']);
  });

  it('judges more than three links spam', async () => {
    const links = 'See https://a.example https://b.example http://c.example and www.d.example';
    await expectSpam(await sendContact(site.app, { ...VISITOR, message: links }), /4 links/);
  });

  it('judges the 6th message within the hour from one address spam, and counts addresses apart', async () => {
    for (let n = 1; n <= 5; n++) expect((await sendContact(site.app, { ...VISITOR, message: `Message ${n}` })).json()).toEqual(THANK_YOU);
    const sixth = await sendContact(site.app, { ...VISITOR, message: 'Message 6' });
    expect(sixth.statusCode).toBe(201);
    expect(sixth.json()).toEqual(THANK_YOU);
    const other = await sendContact(site.app, { ...VISITOR, message: 'From elsewhere' }, { remoteAddress: '203.0.113.9' });
    expect(other.statusCode).toBe(201);

    await smtp.mail(6);
    await site.app.contactDelivery.poke();
    expect((await listMessages(site.app, owner)).map((m) => m.message)).toEqual(['From elsewhere', 'Message 5', 'Message 4', 'Message 3', 'Message 2', 'Message 1']);
    const spam = await listMessages(site.app, owner, 'spam');
    expect(spam).toEqual([expect.objectContaining({ message: 'Message 6', spamReason: expect.stringMatching(/5 messages an hour/) })]);
  });
});

describe('CONTACT_DELIVERY=mailto (the default)', () => {
  it('has no public contact call, so nothing reaches the server', async () => {
    const site = await startSite({});
    try {
      const answer = await site.app.inject({ method: 'POST', url: '/api/contact', payload: VISITOR });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: expect.any(String) });
    } finally {
      await site.close();
    }
  });
});
