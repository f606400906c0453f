import { SPAM_KEPT_MS } from '../../src/server/contact/contact-repository';
import { engines } from '../support/engines';
import { startSite, type TestSite } from './accounts-helpers';
import { advanceClock, listMessages, ownerHeaders, sendContact, THANK_YOU, VISITOR } from './contact-helpers';

// Whatever robots send, the contact messages they leave stay bounded: 20 spam a day per client
// address, and 30 days in the spam folder.

describe.each(engines())('contact storage under robots on $name', ({ env }) => {
  let site: TestSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    site = await startSite(env, { CONTACT_DELIVERY: 'server' });
    owner = await ownerHeaders(site.app);
  });
  afterEach(() => site.close());

  const spamFrom = (remoteAddress: string, n: number) => sendContact(site.app, { ...VISITOR, message: `Spam ${n}`, website: 'https://cheap-pills.example' }, { remoteAddress });
  const storedRows = async () => Number((await site.app.database.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('stores 20 spam messages a day from one address, answers the 21st and later the same, and stores none of them', async () => {
    for (let n = 1; n <= 20; n++) expect((await spamFrom('198.51.100.7', n)).json()).toEqual(THANK_YOU);
    for (let n = 21; n <= 25; n++) {
      const answer = await spamFrom('198.51.100.7', n);
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual(THANK_YOU);
    }
    // Without JavaScript too: the same redirect to the thank-you.
    const form = await site.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '198.51.100.7',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...VISITOR, website: 'spam', startToken: '' }).toString(),
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/contact?sent=1');

    expect(await storedRows()).toBe(20);
    const spam = await listMessages(site.app, owner, 'spam');
    expect(spam.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `Spam ${20 - i}`));
    expect((await site.app.inject({ method: 'GET', url: '/api/contact/summary', headers: owner })).json()).toEqual({ unread: 0, spam: 20 });

    // Another address has a day of its own, and a person's message from it is kept and queued.
    expect((await spamFrom('203.0.113.50', 1)).statusCode).toBe(201);
    expect((await sendContact(site.app, VISITOR, { remoteAddress: '203.0.113.51' })).statusCode).toBe(201);
    expect(await storedRows()).toBe(22);
    expect((await listMessages(site.app, owner)).map((m) => m.email)).toEqual([VISITOR.email]);
  });

  it('keeps spam 30 days: older spam leaves the folder at once and the table with the next message', async () => {
    expect((await spamFrom('198.51.100.7', 1)).statusCode).toBe(201);
    expect((await sendContact(site.app, { ...VISITOR, message: 'A real one' })).statusCode).toBe(201);
    const [spam] = await listMessages(site.app, owner, 'spam');

    advanceClock(site.app, SPAM_KEPT_MS - 10_000);
    expect((await listMessages(site.app, owner, 'spam')).map((m) => m.message)).toEqual(['Spam 1']);

    advanceClock(site.app, 10_000 + 1);
    expect(await listMessages(site.app, owner, 'spam')).toEqual([]);
    expect((await site.app.inject({ method: 'GET', url: '/api/contact/summary', headers: owner })).json()).toMatchObject({ spam: 0 });
    const rescue = await site.app.inject({ method: 'POST', url: `/api/contact/messages/${String(spam!._id)}/not-spam`, headers: owner });
    expect(rescue.statusCode).toBe(409);
    // Still a row until something is written: the comparison above is what visitors' robots cannot outrun.
    expect(await storedRows()).toBe(2);

    expect((await sendContact(site.app, { ...VISITOR, message: 'Next month' }, { remoteAddress: '203.0.113.9' })).statusCode).toBe(201);
    expect(await storedRows()).toBe(2);
    // Messages in the inbox are the owner's to delete, whatever their age.
    expect((await listMessages(site.app, owner)).map((m) => m.message)).toEqual(['Next month', 'A real one']);
  });
});
