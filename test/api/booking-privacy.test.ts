import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { BookingRepository } from '../../src/server/booking/booking-repository';
import { engines } from '../support/engines';
import { book, nyJune, putSettings, startBookingSite, VISITOR, type BookingSite } from './booking-helpers';
import { ownerHeaders } from './contact-helpers';

/** A port nothing listens on: the mail server is away, so the booking mails stay queued. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Each case builds a site (and on PostgreSQL migrates a schema): slow on a busy machine.
jest.setTimeout(60_000);

describe.each(engines())('what bookings keep of a visitor on $name', ({ name, env }) => {
  let site: BookingSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    site = await startBookingSite(env, { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, SITE_URL: 'https://larkspur.example' });
    owner = await ownerHeaders(site.app);
    await putSettings(site.app, owner);
  });
  afterEach(() => site.close());

  const db = () => site.app.database.db;

  it('hands /book its form’s start time as a cookie sent only to the bookings call, for a day, on every answer', async () => {
    const cookies: string[] = [];
    // The second answer comes from the page cache, with a time of its own.
    for (const url of ['/book', '/book']) {
      const answer = await site.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      cookies.push(String(answer.headers['set-cookie']));
    }
    for (const cookie of cookies) expect(cookie).toMatch(/^book_start=[0-9A-Za-z._-]+; Max-Age=86400; Path=\/api\/bookings; HttpOnly; SameSite=Strict; Secure$/);
    expect(site.app.contentCache.pages.get('/book')).toBeDefined();
    expect((await site.app.inject({ method: 'GET', url: '/' })).headers['set-cookie']).toBeUndefined();
  });

  it('queues mail with no usable manage link in the database', async () => {
    const booked = (await book(site.app, nyJune('2026-06-02', '09:00'))).json() as { id: string };
    const rows = await db().selectFrom('booking_mails').select(['kind', 'mail']).where('booking_id', '=', booked.id).where('mail', 'is not', null).execute();
    expect(rows.map((row) => row.kind).sort()).toEqual(['owner', 'visitor']);
    const tokens = rows.flatMap((row) => [...row.mail!.matchAll(/\/book\/manage\/([A-Za-z0-9_-]+)/g)].map((match) => match[1]!));
    expect(tokens.length).toBeGreaterThan(0);
    // What the queue holds opens no booking (a stand-in is not even a well-formed token).
    for (const token of new Set(tokens)) expect([400, 404]).toContain((await site.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` })).statusCode);
  });

  it('erases a person’s bookings and their queued mails with their messages, and frees the time', async () => {
    const booked = (await book(site.app, nyJune('2026-06-02', '09:00'))).json() as { id: string };
    await book(site.app, nyJune('2026-06-03', '09:00'), { name: 'Someone Else', email: 'someone.else@example.com' });
    const erased = await site.app.inject({ method: 'POST', url: '/api/leads/erase', headers: owner, payload: { email: ` ${VISITOR.email.toUpperCase()} ` } });
    expect(erased.statusCode).toBe(200);
    expect((await db().selectFrom('bookings').select('email').execute()).map((row) => row.email)).toEqual(['someone.else@example.com']);
    expect(await db().selectFrom('booking_mails').select('id').where('booking_id', '=', booked.id).execute()).toEqual([]);
    expect(JSON.stringify(await db().selectFrom('bookings').selectAll().execute())).not.toContain(VISITOR.name);
    expect((await book(site.app, nyJune('2026-06-02', '09:00'), { email: 'third@example.com' }, '10.0.0.9')).statusCode).toBe(201);
  });

  it('files the booking’s lead with the visit’s source, as the contact form does', async () => {
    const answer = await book(site.app, nyJune('2026-06-02', '09:00'), { landingPath: '/services', referrerHost: 'News.Example', utmSource: 'Newsletter', utmCampaign: 'june', viewedPaths: ['/services', '/about', '/book'] });
    expect(answer.statusCode).toBe(201);
    const lead = await db().selectFrom('leads').select(['id', 'source', 'landing_path', 'referrer_host', 'utm_campaign']).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ source: 'newsletter', landing_path: '/services', referrer_host: 'news.example', utm_campaign: 'june' });
    const paths = await db().selectFrom('lead_paths').select('path').where('lead_id', '=', lead.id).orderBy('position').execute();
    expect(paths.map((row) => row.path)).toEqual(['/services', '/about', '/book']);
    expect((await book(site.app, nyJune('2026-06-03', '09:00'), { viewedPaths: 'not a list', landingPath: 7 })).statusCode).toBe(400);
  });

  it('never lets two bookings share a moment, even starting at different times and written at once by two instances', async () => {
    // SQLite is one process's (two connections in one process would wait on each other's locks
    // synchronously): there the two writes share the app's connection; PostgreSQL's come from two instances.
    const apps = name === 'postgres' ? [site.app, await site.another()] : [site.app, site.app];
    const repositories = apps.map((app) => new BookingRepository(app.database.db, app.database.engine, app.database.schema));
    const values = { name: 'Racer', message: 'Hi', timeZone: 'UTC' };
    for (let round = 0; round < 8; round++) {
      const at = Date.parse(`2026-06-${String(10 + round).padStart(2, '0')}T13:00:00Z`);
      const write = (index: number, offsetMinutes: number) =>
        repositories[index]!.insert(crypto.randomUUID(), { ...values, email: `r${round}-${index}@example.com` }, new Date(at + offsetMinutes * 60_000), new Date(at + (offsetMinutes + 60) * 60_000), `hash-${round}-${index}`, new Date(), () => []).then(
          () => 'kept',
          (error: unknown) => (error instanceof Error ? `${error.constructor.name}${error.constructor.name === 'SlotTakenError' ? '' : `: ${error.message}`}` : String(error)),
        );
      const outcomes = await Promise.all([write(0, 0), write(1, 30)]);
      expect({ round, outcomes: outcomes.sort() }).toEqual({ round, outcomes: ['SlotTakenError', 'kept'] });
    }
    const rows = await db().selectFrom('bookings').select(['start_at', 'end_at']).orderBy('start_at').execute();
    expect(rows).toHaveLength(8);
    for (let n = 1; n < rows.length; n++) expect(rows[n]!.start_at >= rows[n - 1]!.end_at).toBe(true);
  });
});
