import { engines } from '../support/engines';
import { startSite, type TestSite } from './accounts-helpers';
import { listMessages, ownerHeaders, sendContact, VISITOR } from './contact-helpers';
import { changeLead, setClock } from './leads-helpers';
import { adminToken, createPost } from '../support/posts-api';
import type { LeadsReport } from '../../src/shared/leads';
import { homeView, sendEvent } from './insights-helpers';

describe.each(engines())('the Leads section of Insights on $name', ({ env }) => {
  let site: TestSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    site = await startSite(env, { CONTACT_DELIVERY: 'server' });
    setClock(site.app, '2026-03-10T09:00:00.000Z');
    owner = await ownerHeaders(site.app);
  });
  afterEach(() => site.close());

  /**
   * Views as the counter keeps them: a visit's first view carries the referring host, and the
   * landing address's campaign (lower-cased), which names its source before the host.
   */
  async function seedVisits() {
    const view = (day: string, visitor: string, referrer: string | null, { path = '/', utm = null }: { path?: string; utm?: string | null } = {}) => ({
      day,
      at: `${day}T08:00:00.000Z`,
      kind: 'view' as const,
      path,
      page_type: path === '/' ? 'home' : 'about',
      referrer,
      utm_source: utm,
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
        view('2026-03-09', 'v1', null, { path: '/about' }),
        view('2026-03-09', 'v2', 'news.example.com'),
        // Linked from the host, but tagged: the campaign is the source, and the later view is no direct visit.
        view('2026-03-09', 'v7', 'news.example.com', { utm: 'newsletter' }),
        view('2026-03-09', 'v7', null, { path: '/about' }),
        view('2026-03-10', 'v1', 'news.example.com'),
        view('2026-03-10', 'v3', null),
        view('2026-03-10', 'v4', null),
        view('2026-03-10', 'v5', null),
        view('2026-03-10', 'v6', null),
        view('2026-03-10', 'v8', null, { utm: 'newsletter' }),
        // A campaign named "direct" is the source a lead tagged so has.
        view('2026-03-10', 'v11', null, { utm: 'direct' }),
        // Before the 7 days: not counted.
        view('2026-02-01', 'v9', 'news.example.com', { utm: 'newsletter' }),
      ])
      .execute();
    // And one through the beacon's call: its campaign as the address had it, kept lower-cased.
    expect((await sendEvent(site.app, { ...homeView, utm: 'NewsLetter' })).statusCode).toBe(202);
    await site.app.insights.writer.flush();
  }

  const leadsFigures = async (days = 7) => {
    const answer = await site.app.inject({ method: 'GET', url: `/api/insights/leads?days=${days}`, headers: owner });
    expect(answer.statusCode).toBe(200);
    return answer.json() as LeadsReport;
  };

  it('counts leads and won amounts by source, landing page and post read, with leads per visitor', async () => {
    const token = await adminToken(site.app);
    await createPost(site.app, token, { title: 'Pricing a bakery site', body: 'Words.' });
    await seedVisits();
    const send = (extra: Record<string, unknown>, email: string) => sendContact(site.app, { ...VISITOR, email, ...extra });
    await send({ referrerHost: 'news.example.com', landingPath: '/blog/pricing-a-bakery-site', viewedPaths: ['/blog/pricing-a-bakery-site', '/about', '/blog/pricing-a-bakery-site', '/contact'] }, 'a@example.com');
    await send({ utmSource: ' Newsletter ', referrerHost: 'news.example.com', landingPath: '/blog/pricing-a-bakery-site', viewedPaths: ['/blog/pricing-a-bakery-site', '/contact'] }, 'b@example.com');
    await send({ landingPath: '/contact' }, 'c@example.com');
    await send({ utmSource: 'newsletter', landingPath: '/' }, 'd@example.com');
    // No visitor was counted coming from there (one asking not to be tracked, say).
    await send({ referrerHost: 'elsewhere.example' }, 'e@example.com');
    const messages = await listMessages(site.app, owner);
    const idOf = (email: string) => messages.find((message) => message.email === email)!._id as string;
    await changeLead(site.app, owner, idOf('b@example.com'), { status: 'won', amount: 1200 });
    await changeLead(site.app, owner, idOf('d@example.com'), { status: 'won', amount: 300.5 });
    await changeLead(site.app, owner, idOf('c@example.com'), { status: 'lost' });

    const expected = {
      days: 7,
      from: '2026-03-04',
      to: '2026-03-10',
      leads: 5,
      won: 2,
      wonAmount: 1500.5,
      bySource: [
        // v7, v8 and the beacon's visitor.
        { source: 'newsletter', leads: 2, won: 2, wonAmount: 1500.5, visitors: 3, rate: 2 / 3 },
        // v3 to v6, and v11's campaign named "direct".
        { source: 'direct', leads: 1, won: 0, wonAmount: 0, visitors: 5, rate: 0.2 },
        { source: 'elsewhere.example', leads: 1, won: 0, wonAmount: 0, visitors: 0, rate: null },
        // v1 on both days, v2; not v7, whose campaign came first.
        { source: 'news.example.com', leads: 1, won: 0, wonAmount: 0, visitors: 3, rate: 1 / 3 },
      ],
      byLandingPage: [
        { path: '/blog/pricing-a-bakery-site', leads: 2, won: 1, wonAmount: 1200 },
        { path: '/', leads: 1, won: 1, wonAmount: 300.5 },
        { path: '/contact', leads: 1, won: 0, wonAmount: 0 },
      ],
      byPostRead: [{ path: '/blog/pricing-a-bakery-site', title: 'Pricing a bakery site', leads: 2, won: 1, wonAmount: 1200 }],
    };
    expect(await leadsFigures()).toEqual(expected);

    // Yesterday summed up into its totals, the figures stay the same.
    expect(await site.app.insights.rollUp()).toBe(2);
    const kept = await site.app.insights.repository.dailyTotals('2026-03-09');
    expect(kept.filter((total) => total.dimension === 'source').map((total) => [total.key, Number(total.visitors)])).toEqual([
      ['news.example.com', 2],
      ['newsletter', 1],
    ]);
    expect(await leadsFigures()).toEqual(expected);

    // Erasing a person keeps their lead in the figures.
    await site.app.inject({ method: 'POST', url: '/api/leads/erase', headers: owner, payload: { email: 'b@example.com' } });
    expect(await leadsFigures()).toMatchObject({ leads: 5, won: 2, wonAmount: 1500.5 });

    expect((await site.app.inject({ method: 'GET', url: '/api/insights/leads?days=8', headers: owner })).statusCode).toBe(400);
    expect((await site.app.inject({ method: 'GET', url: '/api/insights/leads?days=7' })).statusCode).toBe(401);
  });

  it('counts a campaign’s visitors from the 30 and 90 days’ kept totals, and today’s from its events', async () => {
    await sendContact(site.app, { ...VISITOR, utmSource: 'Spring-Fair' });
    const day = (at: string) => ({ day: at.slice(0, 10), at, kind: 'view' as const, path: '/', page_type: 'home', referrer: null, utm_source: 'spring-fair', device: 'mobile' as const, visitor: at, lcp: null, inp: null, cls: null });
    // 20 and 60 days ago, and today.
    await site.app.database.db.insertInto('insight_events').values([day('2026-02-18T10:00:00.000Z'), day('2026-01-09T10:00:00.000Z'), day('2026-03-10T08:00:00.000Z')]).execute();
    await site.app.insights.rollUp();
    const sourceOf = (report: LeadsReport) => report.bySource.find((row) => row.source === 'spring-fair');
    expect(sourceOf(await leadsFigures(7))).toMatchObject({ visitors: 1, rate: 1 });
    expect(sourceOf(await leadsFigures(30))).toMatchObject({ visitors: 2, rate: 0.5 });
    expect(sourceOf(await leadsFigures(90))).toMatchObject({ visitors: 3, rate: 1 / 3 });
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
