import { randomInt } from 'node:crypto';
import { memoryLimiterStore, redisLimiterStore } from '../../src/server/abuse/limiter-store';
import { ContactClientLimit } from '../../src/server/contact/client-limit';
import { EncodedBody } from '../../src/server/http/encoded-body';
import { pageKey } from '../../src/server/render/page-key';
import { engines } from '../support/engines';
import { book, manageLinkIn, nyJune, putSettings, startBookingSite, VISITOR, type BookingSite } from './booking-helpers';
import { ownerHeaders } from './contact-helpers';
import { redisUrlForTests } from './redis-for-tests';
import { SmtpReceiver } from './smtp-receiver';

// What an anonymous visitor, with a manage link or without, can make the server do: a bounded
// number of changes, a bounded number of moves per booking, a bounded number of /book pages,
// and no page but /book pushed out of the cache by a booking.

// Each case builds a site (and on PostgreSQL migrates a schema): slow on a busy machine.
jest.setTimeout(60_000);

describe.each(engines())('booking under abuse on $name', ({ name, env }) => {
  let smtp: SmtpReceiver;
  let site: BookingSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    smtp = await new SmtpReceiver().start();
    site = await startBookingSite(env, { SMTP_URL: smtp.url, MAIL_FROM: 'Larkspur <no-reply@agency.test>', SITE_URL: 'https://larkspur.example' });
    owner = await ownerHeaders(site.app);
    await putSettings(site.app, owner);
  });
  afterEach(async () => {
    await site.close();
    await smtp.stop();
  });

  const manage = (token: string, action: 'cancel' | 'reschedule', remoteAddress: string, payload?: object) =>
    site.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/${action}`, remoteAddress, ...(payload ? { payload } : {}) });

  it('counts moves and cancellations per client: past 10 an hour, 429 before the link is looked at', async () => {
    const guessed = 'g'.repeat(75);
    for (let n = 0; n < 10; n++) expect((await manage(guessed, n % 2 ? 'cancel' : 'reschedule', '10.9.0.1', { start: nyJune('2026-06-02', '09:00') })).statusCode).toBe(404);
    const refused = await manage(guessed, 'cancel', '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many changes to bookings from this address. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is counted apart.
    expect((await manage(guessed, 'cancel', '10.9.0.2')).statusCode).toBe(404);
  });

  it('lets a booking be moved 5 times, then answers 409 with what to do instead', async () => {
    expect((await book(site.app, nyJune('2026-06-02', '09:00'))).statusCode).toBe(201);
    const token = manageLinkIn((await Promise.all([smtp.mail(1), smtp.mail(2)])).find((mail) => mail.to[0] === VISITOR.email)!);
    const times = ['09:45', '10:30', '11:15', '13:00', '13:45'];
    for (const time of times) expect((await manage(token, 'reschedule', '10.9.1.1', { start: nyJune('2026-06-03', time) })).statusCode).toBe(200);
    const sixth = await manage(token, 'reschedule', '10.9.1.1', { start: nyJune('2026-06-04', '09:00') });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ message: 'This call has been moved 5 times already. Please cancel it and book again, or write to us.' });
    const rows = await site.app.database.db.selectFrom('bookings').select(['start_at', 'sequence']).execute();
    expect(rows.map((row) => [row.start_at, Number(row.sequence)])).toEqual([[nyJune('2026-06-03', '13:45'), 5]]);
    // It may still be cancelled.
    expect((await manage(token, 'cancel', '10.9.1.1')).statusCode).toBe(200);
  });

  it('drops only the cached /book pages when a booking changes the free times, on every instance', async () => {
    const other = name === 'postgres' ? await site.another() : undefined;
    const keys = ['/book', '/book?tz=Europe%2FBerlin', '/about', '/blog', '/bookings'];
    for (const app of [site.app, ...(other ? [other] : [])]) for (const key of keys) app.contentCache.pages.set(key, 200, new EncodedBody(`<p>${key}</p>`), app.contentCache.pages.generation);
    const kept = (app: typeof site.app) => keys.filter((key) => app.contentCache.pages.get(key) !== undefined);

    expect((await book(site.app, nyJune('2026-06-02', '09:00'))).statusCode).toBe(201);
    expect(kept(site.app)).toEqual(['/about', '/blog', '/bookings']);
    if (other) {
      for (let waited = 0; kept(other).length === keys.length && waited < 3000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(kept(other)).toEqual(['/about', '/blog', '/bookings']);
    }
  });
});

describe('/book addresses', () => {
  it('keeps only the parameters the page reads, with values it shows: a made-up one is /book', () => {
    expect(pageKey('/book?tz=Mars/Olympus&error=whatever&booked=2&date=2026-06-02&x=1')).toBe('/book');
    expect(pageKey('/book?tz=america/new_york&booked=1&error=taken')).toBe('/book?booked=1&error=taken&tz=America%2FNew_York');
    expect(pageKey('/book?tz=Europe/Berlin')).toBe(pageKey('/book?tz=europe/berlin'));
    // However many words a robot tries, they are a handful of pages.
    const seen = new Set(Array.from({ length: 500 }, (_, n) => pageKey(`/book?tz=Zone${n}&error=e${n}&booked=${n + 2}`)));
    expect([...seen]).toEqual(['/book']);
  });
});

const redisUrl = redisUrlForTests();

(redisUrl ? describe : describe.skip)('the booking limit on a shared Redis', () => {
  let site: BookingSite;
  beforeEach(async () => {
    site = await startBookingSite({}, { REDIS_URL: redisUrl!, SITE_URL: 'https://larkspur.example' });
    await putSettings(site.app, await ownerHeaders(site.app));
  });
  afterEach(() => site.close());

  it('counts bookings apart from contact messages: a client that sent its hour of messages may still book', async () => {
    const client = `198.51.100.${randomInt(1, 255)}`;
    // The contact form's limit, as its routes make it, on the same Redis.
    const contact = new ContactClientLimit(redisLimiterStore(redisUrl!), site.app.log);
    try {
      for (let n = 0; n < 5; n++) expect(await contact.count(client)).toBe(0);
      expect(await contact.count(client)).toBeGreaterThan(0);
    } finally {
      await contact.close();
    }
    expect((await book(site.app, nyJune('2026-06-02', '09:00'), {}, client)).statusCode).toBe(201);
  });
});

describe('client limits by name', () => {
  it('keeps two names apart in one store', async () => {
    const store = memoryLimiterStore();
    const log = { warn: () => undefined } as never;
    const contact = new ContactClientLimit(store, log);
    const booking = new ContactClientLimit(store, log, { name: 'booking', perHour: 2 });
    for (let n = 0; n < 2; n++) expect(await booking.count('10.1.1.1')).toBe(0);
    expect(await booking.count('10.1.1.1')).toBeGreaterThan(0);
    expect(await contact.count('10.1.1.1')).toBe(0);
  });
});
