import type { FastifyInstance } from 'fastify';
import { engines } from '../support/engines';
import { adminToken, bearer } from '../support/posts-api';
import { putSettings, startBookingSite, type BookingSite } from './booking-helpers';

// The home and contact pages' renders read the portfolio and whether bookings are open from what
// the server holds between changes of content, not through the API on every render; a change on
// any instance reaches every instance's next render.

const BOOK = 'Book a free call';
const home = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/' })).body;

async function within(limitMs: number, check: () => Promise<boolean>): Promise<void> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(engines())('reads held for renders on $name', ({ env }) => {
  let site: BookingSite;
  // Every request renders: what is held is the renders' only saving.
  beforeEach(async () => {
    site = await startBookingSite(env, { PAGE_CACHE_SECONDS: '0' });
  });
  afterEach(() => site.close());

  it('asks the API once for what every home and contact render reads, until the content changes', async () => {
    const asked: string[] = [];
    const inject = site.app.inject.bind(site.app);
    jest.spyOn(site.app, 'inject').mockImplementation(((options: { url?: string }) => {
      if (typeof options === 'object' && options.url?.startsWith('/api/')) asked.push(options.url);
      return inject(options as never);
    }) as never);
    for (let i = 0; i < 3; i++) expect(await home(site.app)).not.toContain(BOOK);
    await site.app.inject({ method: 'GET', url: '/contact' });
    expect(asked.sort()).toEqual(['/api/booking/open', '/api/case-studies']);

    const token = await adminToken(site.app);
    expect((await putSettings(site.app, bearer(token))).statusCode).toBe(200);
    expect(await home(site.app)).toContain(BOOK);
    expect(asked.filter((url) => url === '/api/booking/open')).toHaveLength(2);
  });
});

// Several instances share PostgreSQL only: one process owns a SQLite file.
const onPostgres = engines().filter(({ name }) => name === 'postgres');
(onPostgres.length > 0 ? describe.each(onPostgres) : describe.skip.each([{ name: 'postgres', env: {} }]))('reads held on two instances of $name', ({ env }) => {
  let site: BookingSite;
  beforeEach(async () => {
    site = await startBookingSite(env, { PAGE_CACHE_SECONDS: '0' });
  });
  afterEach(() => site.close());

  it('shows bookings opened or closed on one instance in the other instance’s next render', async () => {
    const other = await site.another();
    const token = await adminToken(site.app);
    expect(await home(other)).not.toContain(BOOK);
    expect((await putSettings(site.app, bearer(token))).statusCode).toBe(200);
    await within(3_000, async () => (await home(other)).includes(BOOK));
    expect((await putSettings(site.app, bearer(token), { enabled: false })).statusCode).toBe(200);
    await within(3_000, async () => !(await home(other)).includes(BOOK));
  });
});
