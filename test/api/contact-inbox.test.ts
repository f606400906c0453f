import net from 'node:net';
import { engines } from '../support/engines';
import { startSite, type TestSite } from './accounts-helpers';
import { advanceClock, listMessages, ownerHeaders, sendContact, VISITOR } from './contact-helpers';
import { SmtpReceiver } from './smtp-receiver';

/** A local port nothing listens on (yet): a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(engines())('contact delivery and the inbox on $name', ({ env }) => {
  let site: TestSite;
  let smtp: SmtpReceiver | undefined;
  let owner: Record<string, string>;
  let port: number;

  beforeEach(async () => {
    port = await closedPort();
    site = await startSite(env, { CONTACT_DELIVERY: 'server', SMTP_URL: `smtp://127.0.0.1:${port}` });
    owner = await ownerHeaders(site.app);
  });
  afterEach(async () => {
    await site.close();
    await smtp?.stop();
    smtp = undefined;
  });

  it('keeps a message while the mail server is down and mails it once with the retries', async () => {
    expect((await sendContact(site.app, VISITOR)).statusCode).toBe(201);
    await site.app.contactDelivery.poke();
    let [stored] = await listMessages(site.app, owner);
    expect(stored).toMatchObject({ delivery: 'pending', deliveryAttempts: 1, lastError: expect.any(String) });
    const firstRetry = Date.parse(stored!.nextAttemptAt as string) - site.app.clock.now().getTime();
    expect(firstRetry).toBe(60_000);

    // Still down at the second attempt: the wait doubles.
    advanceClock(site.app, 60_000);
    await site.app.contactDelivery.poke();
    [stored] = await listMessages(site.app, owner);
    expect(stored).toMatchObject({ delivery: 'pending', deliveryAttempts: 2 });
    expect(Date.parse(stored!.nextAttemptAt as string) - site.app.clock.now().getTime()).toBe(120_000);

    // Not due yet: nothing is tried.
    smtp = await new SmtpReceiver().start(port);
    advanceClock(site.app, 60_000);
    await site.app.contactDelivery.poke();
    expect(smtp.mails).toHaveLength(0);

    advanceClock(site.app, 60_000);
    await site.app.contactDelivery.poke();
    const mail = await smtp.mail(1);
    expect(mail.to).toEqual(['hello@larkspur.example']);
    expect(mail.raw).toMatch(/^Reply-To: maria@bakery\.example\r?$/m);
    [stored] = await listMessages(site.app, owner);
    expect(stored).toMatchObject({ delivery: 'sent', deliveryAttempts: 3, lastError: null, nextAttemptAt: null, deliveredAt: expect.any(String) });

    advanceClock(site.app, 24 * 3600_000);
    await site.app.contactDelivery.poke();
    expect(smtp.mails).toHaveLength(1);
  });

  it('gives up after 24 hours and keeps the message in the inbox as failed', async () => {
    await sendContact(site.app, VISITOR);
    await site.app.contactDelivery.poke();
    for (let hour = 0; hour < 30; hour++) {
      advanceClock(site.app, 3600_000);
      await site.app.contactDelivery.poke();
    }
    const [stored] = await listMessages(site.app, owner);
    expect(stored).toMatchObject({ delivery: 'failed', nextAttemptAt: null, message: VISITOR.message });
    // Hourly at most once the waits have grown: one attempt for each hour the clock moved.
    expect(stored!.deliveryAttempts).toBeGreaterThanOrEqual(20);
    expect(stored!.deliveryAttempts).toBeLessThanOrEqual(26);
  });

  it('never lets two instances mail one message: a claim is taken once', async () => {
    smtp = await new SmtpReceiver().start(port);
    await sendContact(site.app, VISITOR);
    // Two passes at once, as two instances would run them.
    await Promise.all([site.app.contactDelivery.poke(), site.app.contactDelivery.poke(), site.app.contactDelivery.poke()]);
    await smtp.mail(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails).toHaveLength(1);
  });

  it('lists newest first, marks read and unread, counts unread, deletes', async () => {
    smtp = await new SmtpReceiver().start(port);
    await sendContact(site.app, { ...VISITOR, message: 'First' });
    await sendContact(site.app, { ...VISITOR, message: 'Second' });
    const summary = () => site.app.inject({ method: 'GET', url: '/api/contact/summary', headers: owner }).then((answer) => answer.json());
    expect(await summary()).toEqual({ unread: 2, spam: 0 });

    const [second, first] = await listMessages(site.app, owner);
    expect([second!.message, first!.message]).toEqual(['Second', 'First']);
    const read = await site.app.inject({ method: 'PATCH', url: `/api/contact/messages/${first!._id}`, headers: owner, payload: { read: true } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ readAt: expect.any(String) });
    expect(await summary()).toEqual({ unread: 1, spam: 0 });
    const unread = await site.app.inject({ method: 'PATCH', url: `/api/contact/messages/${first!._id}`, headers: owner, payload: { read: false } });
    expect(unread.json()).toMatchObject({ readAt: null });

    const bad = await site.app.inject({ method: 'PATCH', url: `/api/contact/messages/${first!._id}`, headers: owner, payload: { read: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.any(String) });

    expect((await site.app.inject({ method: 'DELETE', url: `/api/contact/messages/${first!._id}`, headers: owner })).statusCode).toBe(204);
    const again = await site.app.inject({ method: 'DELETE', url: `/api/contact/messages/${first!._id}`, headers: owner });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'No such message.' });
    expect((await listMessages(site.app, owner)).map((m) => m.message)).toEqual(['Second']);
  });

  it('moves a message out of spam with "Not spam" and mails it then', async () => {
    smtp = await new SmtpReceiver().start(port);
    await sendContact(site.app, { ...VISITOR, website: 'filled by a robot' });
    await site.app.contactDelivery.poke();
    expect(smtp.mails).toHaveLength(0);
    const [spam] = await listMessages(site.app, owner, 'spam');
    const moved = await site.app.inject({ method: 'POST', url: `/api/contact/messages/${spam!._id}/not-spam`, headers: owner });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ folder: 'inbox', delivery: 'pending', spamReason: null });
    await smtp.mail(1);
    expect(await listMessages(site.app, owner, 'spam')).toEqual([]);
    const twice = await site.app.inject({ method: 'POST', url: `/api/contact/messages/${spam!._id}/not-spam`, headers: owner });
    expect(twice.statusCode).toBe(409);
  });

  it('answers every inbox call 401 without the bearer token', async () => {
    for (const [method, url] of [
      ['GET', '/api/contact/messages'],
      ['GET', '/api/contact/summary'],
      ['PATCH', '/api/contact/messages/x'],
      ['DELETE', '/api/contact/messages/x'],
      ['POST', '/api/contact/messages/x/not-spam'],
    ] as const) {
      const answer = await site.app.inject({ method, url, payload: method === 'PATCH' ? { read: true } : undefined });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: expect.any(String) });
    }
  });
});
