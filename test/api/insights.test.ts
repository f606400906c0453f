import { engines } from '../support/engines';
import { adminToken, bearer, createPost } from '../support/posts-api';
import { startSite, type TestSite } from './accounts-helpers';
import { homeView, LAPTOP, PHONE, report, sendEvent, setClock } from './insights-helpers';

describe.each(engines())('insights on $name', ({ env }) => {
  let site: TestSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    site = await startSite(env);
    owner = bearer(await adminToken(site.app));
  });
  afterEach(() => site.close());

  it('counts views and unique visitors per day, with pages, posts by title, referrers and devices', async () => {
    const token = owner.authorization!.slice('Bearer '.length);
    setClock(site.app, '2026-03-02T08:00:00Z');
    const post = await createPost(site.app, token, { title: 'Why fast sites sell', body: 'Speed is a feature.' });
    setClock(site.app, '2026-03-02T09:00:00Z');
    expect((await sendEvent(site.app, { ...homeView, ref: 'news.example' })).statusCode).toBe(202);
    await sendEvent(site.app, homeView);
    await sendEvent(site.app, { kind: 'view', path: `/blog/${post.slug}`, type: 'post', device: 'mobile' });
    await sendEvent(site.app, { kind: 'view', path: `/blog/${post.slug}`, type: 'post', device: 'desktop' }, { agent: LAPTOP });
    await sendEvent(site.app, { kind: 'view', path: '/services/webdevelopment', type: 'service', device: 'tablet' }, { agent: LAPTOP, address: '198.51.100.4' });
    setClock(site.app, '2026-03-03T09:00:00Z');
    // The same browser the next day is that day's visitor again: hashes do not carry over.
    await sendEvent(site.app, homeView);
    await site.app.insights.writer.flush();

    const week = await report(site.app, owner);
    expect(week).toMatchObject({ days: 7, from: '2026-02-25', to: '2026-03-03', views: 6, visitors: 4 });
    expect(week.daily).toHaveLength(7);
    expect(week.daily.slice(-2)).toEqual([
      { day: '2026-03-02', views: 5, visitors: 3 },
      { day: '2026-03-03', views: 1, visitors: 1 },
    ]);
    expect(week.topPages[0]).toEqual({ path: '/', views: 3, visitors: 2 });
    expect(week.topPosts).toEqual([{ path: `/blog/${post.slug}`, title: 'Why fast sites sell', views: 2 }]);
    expect(week.referrers).toEqual([{ host: 'news.example', views: 1 }]);
    expect(week.devices).toEqual([
      { device: 'mobile', views: 4 },
      { device: 'desktop', views: 1 },
      { device: 'tablet', views: 1 },
    ]);
    const rows = await site.app.database.db.selectFrom('insight_events').selectAll().execute();
    // No address is stored anywhere in a row.
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|198\.51\.100\.4/);
  });

  it('reports each page type’s p75 LCP, INP and CLS', async () => {
    setClock(site.app, '2026-03-02T09:00:00Z');
    for (const [lcp, inp, cls] of [[1200, 80, 0.01], [1800, 120, 0.02], [2600, 240, 0.3], [5200, 600, 0.05]]) {
      expect((await sendEvent(site.app, { kind: 'vitals', path: '/', type: 'home', device: 'mobile', lcp, inp, cls })).statusCode).toBe(202);
    }
    await sendEvent(site.app, { kind: 'vitals', path: '/blog', type: 'blog', device: 'desktop', lcp: 900, cls: 0 });
    await site.app.insights.writer.flush();
    const { vitals, views } = await report(site.app, owner, 30);
    expect(views).toBe(0);
    expect(vitals).toEqual([
      { pageType: 'home', samples: 4, lcp: 2600, inp: 240, cls: 0.05 },
      { pageType: 'blog', samples: 1, lcp: 900, inp: null, cls: 0 },
    ]);
  });

  it('does not count Do Not Track, Global Privacy Control or robots, and says nothing of it', async () => {
    const quiet = [
      await sendEvent(site.app, homeView, { headers: { dnt: '1' } }),
      await sendEvent(site.app, homeView, { headers: { 'sec-gpc': '1' } }),
      await sendEvent(site.app, homeView, { agent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }),
    ];
    expect(quiet.map((answer) => [answer.statusCode, answer.body])).toEqual([
      [204, ''],
      [204, ''],
      [204, ''],
    ]);
    await site.app.insights.writer.flush();
    expect(await site.app.insights.repository.count()).toBe(0);
  });

  it.each([
    ['an unknown path', { ...homeView, path: '/nowhere/at/all' }],
    ['an admin page', { ...homeView, path: '/admin/dashboard', type: 'admin' }],
    ['a path with a query', { ...homeView, path: '/?utm=x' }],
    ['the wrong page type', { ...homeView, type: 'post' }],
    ['an unknown device', { ...homeView, device: 'watch' }],
    ['a referrer that is not a host', { ...homeView, ref: 'https://x.example/path' }],
    ['a referrer in capitals', { ...homeView, ref: 'News.Example' }],
    ['a campaign that is not text', { ...homeView, utm: ['newsletter'] }],
    ['an empty campaign', { ...homeView, utm: '' }],
    ['a campaign with surrounding spaces', { ...homeView, utm: ' newsletter' }],
    ['a campaign with a control character', { ...homeView, utm: 'news\u0000letter' }],
    ['a campaign over 100 characters', { ...homeView, utm: 'n'.repeat(101) }],
    ['an absurd LCP', { kind: 'vitals', path: '/', type: 'home', device: 'mobile', lcp: 9e9 }],
    ['a negative CLS', { kind: 'vitals', path: '/', type: 'home', device: 'mobile', cls: -1 }],
    ['vitals without a figure', { kind: 'vitals', path: '/', type: 'home', device: 'mobile' }],
    ['an unknown kind', { ...homeView, kind: 'click' }],
    ['not JSON', 'kind=view'],
    ['an array', '[]'],
    ['a body over 2 kB', { ...homeView, padding: 'x'.repeat(2100) }],
  ])('refuses %s with 400 and a message', async (_label, event) => {
    const answer = await sendEvent(site.app, event);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: expect.any(String) });
    await site.app.insights.writer.flush();
    expect(await site.app.insights.repository.count()).toBe(0);
  });

  it('keeps a visit’s campaign lower-cased, as a lead’s source is, and a referring host with its port', async () => {
    setClock(site.app, '2026-03-02T09:00:00Z');
    const accepted = [
      await sendEvent(site.app, { ...homeView, ref: 'news.example:8443', utm: 'Spring Fair' }),
      await sendEvent(site.app, { ...homeView, utm: `É${'é'.repeat(99)}` }, { agent: LAPTOP }),
      // Only a view names where the visit came from.
      await sendEvent(site.app, { kind: 'vitals', path: '/', type: 'home', device: 'mobile', lcp: 900, utm: 'ignored' }),
    ];
    expect(accepted.map((answer) => answer.statusCode)).toEqual([202, 202, 202]);
    await site.app.insights.writer.flush();
    const rows = await site.app.database.db.selectFrom('insight_events').select(['kind', 'referrer', 'utm_source']).orderBy('kind').orderBy('utm_source').execute();
    expect(rows).toEqual([
      { kind: 'view', referrer: 'news.example:8443', utm_source: 'spring fair' },
      { kind: 'view', referrer: null, utm_source: 'é'.repeat(100) },
      { kind: 'vitals', referrer: null, utm_source: null },
    ]);
    // The Referrers list names sites, not campaigns.
    expect((await report(site.app, owner)).referrers).toEqual([{ host: 'news.example:8443', views: 1 }]);
  });

  it('takes JSON as well, and limits the events of one address', async () => {
    const json = await site.app.inject({ method: 'POST', url: '/api/events', payload: homeView, headers: { 'user-agent': PHONE } });
    expect(json.statusCode).toBe(202);
    for (let i = 0; i < 120; i++) expect((await sendEvent(site.app, homeView, { address: '203.0.113.9' })).statusCode).toBe(202);
    const over = await sendEvent(site.app, homeView, { address: '203.0.113.9' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: expect.any(String) });
    // Another address is not held back by the first.
    expect((await sendEvent(site.app, homeView, { address: '203.0.113.10' })).statusCode).toBe(202);
    await site.app.insights.writer.flush();
    expect(await site.app.insights.repository.count()).toBe(122);
  });

  it('writes accepted events in batches within a second, and every one on close', async () => {
    for (let i = 0; i < 30; i++) await sendEvent(site.app, homeView, { address: `198.51.100.${i}` });
    expect(await site.app.insights.repository.count()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await site.app.insights.repository.count()).toBe(30);
    expect(site.app.insights.writer.written).toBe(30);
  });

  it('rolls events older than 90 days up into daily totals', async () => {
    setClock(site.app, '2026-01-05T10:00:00Z');
    await sendEvent(site.app, { ...homeView, ref: 'news.example' });
    await sendEvent(site.app, homeView, { agent: LAPTOP });
    await sendEvent(site.app, { kind: 'vitals', path: '/', type: 'home', device: 'mobile', lcp: 2000 });
    setClock(site.app, '2026-03-02T10:00:00Z');
    await sendEvent(site.app, homeView);
    await site.app.insights.writer.flush();

    setClock(site.app, '2026-04-10T10:00:00Z');
    // Both complete days are summed up; only the one within 90 days keeps its single event.
    expect(await site.app.insights.rollUp()).toBe(2);
    expect(await site.app.insights.repository.count()).toBe(1);
    expect((await site.app.insights.repository.dailyTotals('2026-03-02')).map((t) => [t.dimension, t.key])).toContainEqual(['total', 'all']);
    const totals = await site.app.insights.repository.dailyTotals('2026-01-05');
    expect(totals.map((t) => [t.dimension, t.key, Number(t.views), Number(t.visitors)])).toEqual([
      ['device', 'mobile', 2, 2],
      ['path', '/', 2, 2],
      ['referrer', 'news.example', 1, 1],
      // The laptop came with no source: "direct", as a lead would be.
      ['source', 'direct', 1, 1],
      ['source', 'news.example', 1, 1],
      ['total', 'all', 2, 2],
      ['vitals', 'home', 1, 1],
    ]);
    expect(totals.find((t) => t.dimension === 'vitals')?.lcp_p75).toBe(2000);
    expect(await site.app.insights.rollUp()).toBe(0);
  });

  it('answers the report to the owner only, for 7, 30 or 90 days', async () => {
    const anonymous = await site.app.inject({ method: 'GET', url: '/api/insights' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
    for (const days of ['5', 'x', '365']) {
      const bad = await site.app.inject({ method: 'GET', url: `/api/insights?days=${days}`, headers: owner });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'days must be 7, 30 or 90.' });
    }
    expect((await report(site.app, owner, 90)).daily).toHaveLength(90);
  });
});
