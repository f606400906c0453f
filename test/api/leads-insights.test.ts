import { engines } from '../support/engines';
import { startSite, type TestSite } from './accounts-helpers';
import { listMessages, ownerHeaders, sendContact, VISITOR } from './contact-helpers';
import { changeLead, setClock } from './leads-helpers';
import { adminToken, createPost } from '../support/posts-api';

describe.each(engines())('the Leads section of Insights on $name', ({ env }) => {
  let site: TestSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    site = await startSite(env, { CONTACT_DELIVERY: 'server' });
    setClock(site.app, '2026-03-10T09:00:00.000Z');
    owner = await ownerHeaders(site.app);
  });
  afterEach(() => site.close());

  /** Views as the counter keeps them: a visitor's first view carries the referring host. */
  async function seedVisits() {
    const view = (day: string, visitor: string, referrer: string | null, path = '/') => ({
      day,
      at: `${day}T08:00:00.000Z`,
      kind: 'view' as const,
      path,
      page_type: 'home',
      referrer,
      device: 'desktop' as const,
      visitor,
      lcp: null,
      inp: null,
      cls: null,
    });
    await site.app.database.db
      .insertInto('insight_events')
      .values([
        view('2026-03-09', 'v1', 'news.example.com'),
        view('2026-03-09', 'v1', null, '/about'),
        view('2026-03-09', 'v2', 'news.example.com'),
        view('2026-03-10', 'v1', 'news.example.com'),
        view('2026-03-10', 'v3', null),
        view('2026-03-10', 'v4', null),
        view('2026-03-10', 'v5', null),
        view('2026-03-10', 'v6', null),
        // Before the 7 days: not counted.
        view('2026-02-01', 'v9', 'news.example.com'),
      ])
      .execute();
  }

  it('counts leads and won amounts by source, landing page and post read, with leads per visitor', async () => {
    const token = await adminToken(site.app);
    await createPost(site.app, token, { title: 'Pricing a bakery site', body: 'Words.' });
    await seedVisits();
    const send = (extra: Record<string, unknown>, email: string) => sendContact(site.app, { ...VISITOR, email, ...extra });
    await send({ referrerHost: 'news.example.com', landingPath: '/blog/pricing-a-bakery-site', viewedPaths: ['/blog/pricing-a-bakery-site', '/about', '/blog/pricing-a-bakery-site', '/contact'] }, 'a@example.com');
    await send({ utmSource: 'Newsletter', referrerHost: 'news.example.com', landingPath: '/blog/pricing-a-bakery-site', viewedPaths: ['/blog/pricing-a-bakery-site', '/contact'] }, 'b@example.com');
    await send({ landingPath: '/contact' }, 'c@example.com');
    await send({ utmSource: 'newsletter', landingPath: '/' }, 'd@example.com');
    const messages = await listMessages(site.app, owner);
    const idOf = (email: string) => messages.find((message) => message.email === email)!._id as string;
    await changeLead(site.app, owner, idOf('b@example.com'), { status: 'won', amount: 1200 });
    await changeLead(site.app, owner, idOf('d@example.com'), { status: 'won', amount: 300.5 });
    await changeLead(site.app, owner, idOf('c@example.com'), { status: 'lost' });

    const answer = await site.app.inject({ method: 'GET', url: '/api/insights/leads?days=7', headers: owner });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      days: 7,
      from: '2026-03-04',
      to: '2026-03-10',
      leads: 4,
      won: 2,
      wonAmount: 1500.5,
      bySource: [
        { source: 'newsletter', leads: 2, won: 2, wonAmount: 1500.5, visitors: null, rate: null },
        { source: 'direct', leads: 1, won: 0, wonAmount: 0, visitors: 4, rate: 0.25 },
        { source: 'news.example.com', leads: 1, won: 0, wonAmount: 0, visitors: 3, rate: 1 / 3 },
      ],
      byLandingPage: [
        { path: '/blog/pricing-a-bakery-site', leads: 2, won: 1, wonAmount: 1200 },
        { path: '/', leads: 1, won: 1, wonAmount: 300.5 },
        { path: '/contact', leads: 1, won: 0, wonAmount: 0 },
      ],
      byPostRead: [{ path: '/blog/pricing-a-bakery-site', title: 'Pricing a bakery site', leads: 2, won: 1, wonAmount: 1200 }],
    });

    // Erasing a person keeps their lead in the figures.
    await site.app.inject({ method: 'POST', url: '/api/leads/erase', headers: owner, payload: { email: 'b@example.com' } });
    const after = (await site.app.inject({ method: 'GET', url: '/api/insights/leads?days=7', headers: owner })).json();
    expect(after).toMatchObject({ leads: 4, won: 2, wonAmount: 1500.5 });

    expect((await site.app.inject({ method: 'GET', url: '/api/insights/leads?days=8', headers: owner })).statusCode).toBe(400);
    expect((await site.app.inject({ method: 'GET', url: '/api/insights/leads?days=7' })).statusCode).toBe(401);
  });

  it('leaves spam out until it is moved to the inbox', async () => {
    await sendContact(site.app, { ...VISITOR, website: 'http://spam.example' });
    const figures = async () => (await site.app.inject({ method: 'GET', url: '/api/insights/leads?days=30', headers: owner })).json();
    expect(await figures()).toMatchObject({ leads: 0 });
    const [spam] = await listMessages(site.app, owner, 'spam');
    expect(spam!.lead).toBeNull();
    await site.app.inject({ method: 'POST', url: `/api/contact/messages/${spam!._id}/not-spam`, headers: owner });
    expect(await figures()).toMatchObject({ leads: 1 });
  });
});
