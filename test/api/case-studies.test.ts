import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { CaseStudy, OwnerCaseStudies, Portfolio } from '../../src/shared/contract/case-studies';
import { sweepOrphanImages } from '../../src/server/posts/orphan-sweep';
import { engines } from '../support/engines';
import { adminToken, bearer, sendPostForm } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';
import type { Config } from '../../src/server/config';

const SEEDED = ['harbourline-bakery', 'northfield-physiotherapy'];
// Building the app on PostgreSQL on a busy machine takes longer than jest's 5 s.
jest.setTimeout(30_000);

describe.each(engines())('case studies on $name', ({ env }) => {
  let app: FastifyInstance;
  let config: Config;
  let token: string;

  beforeAll(async () => {
    config = testConfig(env);
    app = await buildAppFor(config);
    token = await adminToken(app);
  });
  afterAll(async () => {
    await app.close();
    removeDataDir(config);
  });

  const get = (url: string, withToken = false) => app.inject({ method: 'GET', url, headers: withToken ? bearer(token) : {} });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, withToken = true) =>
    app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), headers: withToken ? bearer(token) : {} });

  async function upload(): Promise<string> {
    const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a7' } }).png().toBuffer();
    const response = await sendPostForm(app, 'POST', '/api/images', token, { image: { data: image, filename: 'cover.png', type: 'image/png' } });
    expect(response.statusCode).toBe(201);
    return response.json<{ url: string }>().url;
  }

  const input = (cover: string, extra: Record<string, unknown> = {}) => ({
    title: 'Riverside Dental',
    client: 'Family dental practice',
    sector: 'Health',
    summary: 'A reassuring site with online booking for a three-chair practice.',
    text: '## The challenge\n\nPatients **called** to book. <script>alert(1)</script>',
    cover: { url: cover, alt: 'Riverside Dental home page with a smiling patient' },
    liveUrl: 'https://riverside-dental.example',
    results: [{ label: 'Online bookings', value: '45 %' }],
    status: 'published',
    ...extra,
  });

  it('starts with the two client sites published and featured first and second, the other slots empty', async () => {
    const portfolio = (await get('/api/case-studies')).json<Portfolio>();
    expect(portfolio.featured.map((study) => study?.slug ?? null)).toEqual([...SEEDED, null, null]);
    expect(portfolio.featured[0]).toMatchObject({
      title: 'Harbourline Bakery',
      client: 'Neighbourhood bakery and café',
      summary: 'A warm, fast site with an online pre-order menu that cut phone orders at the counter by half.',
      liveUrl: 'https://harbourline-bakery.example',
      cover: {
        url: '/images/portfolio-harbourline-bakery-800.webp',
        srcSet: '/images/portfolio-harbourline-bakery-400.webp 400w, /images/portfolio-harbourline-bakery-800.webp 800w',
        width: 800,
        height: 600,
      },
    });
    expect(portfolio.caseStudies.map((study) => study.slug).sort()).toEqual(SEEDED);
    const page = (await get('/api/case-studies/harbourline-bakery')).json<CaseStudy>();
    expect(page.html).toContain('<h2>The challenge</h2>');
  });

  it('creates, reads, updates and deletes a case study as the owner; visitors see it only while published', async () => {
    const cover = await upload();
    const created = await send('POST', '/api/owner/case-studies', input(cover, { status: 'draft' }));
    expect(created.statusCode).toBe(201);
    const study = created.json<CaseStudy>();
    expect(study).toMatchObject({ slug: 'riverside-dental', status: 'draft', publishedAt: null, cover: { url: cover, width: 1200, height: 900 } });
    expect(study.cover.srcSet).toContain('-400.webp 400w');

    expect((await get('/api/case-studies/riverside-dental')).statusCode).toBe(404);
    expect((await get('/api/case-studies')).json<Portfolio>().caseStudies.map((s) => s.slug)).not.toContain('riverside-dental');
    expect((await get(`/api/owner/case-studies/${study.id}`, true)).json<CaseStudy>().text).toBe(study.text);
    expect((await get('/api/owner/case-studies', true)).json<OwnerCaseStudies>().caseStudies.map((s) => s.slug)).toContain('riverside-dental');

    const published = await send('PUT', `/api/owner/case-studies/${study.id}`, input(cover, { title: 'Riverside Dental Care', slug: 'riverside-dental' }));
    expect(published.statusCode).toBe(200);
    const first = published.json<CaseStudy>();
    expect(first.title).toBe('Riverside Dental Care');
    expect(first.publishedAt).not.toBeNull();

    const page = await get('/api/case-studies/riverside-dental');
    expect(page.statusCode).toBe(200);
    const html = page.json<CaseStudy>().html!;
    expect(html).toContain('<strong>called</strong>');
    expect(html).not.toContain('<script');
    expect((await get('/api/case-studies')).json<Portfolio>().caseStudies[0]!.slug).toBe('riverside-dental');

    // Back to draft and published again: the first publication's time stays.
    await send('PUT', `/api/owner/case-studies/${study.id}`, input(cover, { slug: 'riverside-dental', status: 'draft' }));
    expect((await get('/api/case-studies/riverside-dental')).statusCode).toBe(404);
    const again = (await send('PUT', `/api/owner/case-studies/${study.id}`, input(cover, { slug: 'riverside-dental' }))).json<CaseStudy>();
    expect(again.publishedAt).toBe(first.publishedAt);

    expect((await send('DELETE', `/api/owner/case-studies/${study.id}`)).statusCode).toBe(204);
    expect((await get('/api/case-studies/riverside-dental')).statusCode).toBe(404);
    expect((await send('DELETE', `/api/owner/case-studies/${study.id}`)).statusCode).toBe(404);
    expect((await get(`/api/owner/case-studies/${study.id}`, true)).statusCode).toBe(404);
    expect((await send('PUT', `/api/owner/case-studies/${study.id}`, input(cover))).statusCode).toBe(404);
  });

  it.each([
    ['a missing title', { title: undefined }, /^Title: /],
    ['a blank client', { client: '   ' }, /^Client: must not be blank/],
    ['a cover without alt', { cover: { url: '/uploads/' + 'a'.repeat(32) + '.webp', alt: '' } }, /^Cover alt: /],
    ['a live site over http', { liveUrl: 'http://example.com' }, /^Live site: an https:\/\/ address/],
    ['a slug with capitals', { slug: 'Not-A-Slug' }, /^Slug: /],
    ['an unknown status', { status: 'scheduled' }, /^Status: draft or published/],
    ['a result without a value', { results: [{ label: 'Orders' }] }, /^Results: /],
    ['nine results', { results: Array.from({ length: 9 }, () => ({ label: 'a', value: 'b' })) }, /^Results: at most 8/],
    ['a title on two lines', { title: 'One\nTwo' }, /^Title: /],
    ['a cover that is no upload', { cover: { url: 'https://elsewhere.example/x.png', alt: 'x' } }, /^Cover: upload the image first/],
  ])('refuses %s with 400 naming the field, storing nothing', async (_case, change, message) => {
    const before = (await get('/api/owner/case-studies', true)).json<OwnerCaseStudies>().caseStudies.length;
    const response = await send('POST', '/api/owner/case-studies', { ...input('/uploads/' + 'b'.repeat(32) + '.webp'), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect((await get('/api/owner/case-studies', true)).json<OwnerCaseStudies>().caseStudies).toHaveLength(before);
  });

  it('answers 409 for a slug another case study has, 404 for unknown ids and slugs, 401 without a token', async () => {
    const cover = await upload();
    expect((await send('POST', '/api/owner/case-studies', input(cover, { slug: 'harbourline-bakery' }))).statusCode).toBe(409);
    expect((await get('/api/case-studies/no-such-study')).statusCode).toBe(404);
    expect((await get('/api/case-studies/%2E%2E')).statusCode).toBe(404);
    expect((await get('/api/owner/case-studies/no-such-id', true)).statusCode).toBe(404);
    expect((await get('/api/owner/case-studies')).statusCode).toBe(401);
    expect((await send('POST', '/api/owner/case-studies', input(cover), false)).statusCode).toBe(401);
  });

  it('puts the chosen case studies in the four slots in order; a draft or empty slot shows as null to visitors', async () => {
    const cover = await upload();
    const draft = (await send('POST', '/api/owner/case-studies', input(cover, { title: 'Draft work', status: 'draft' }))).json<CaseStudy>();
    const live = (await send('POST', '/api/owner/case-studies', input(cover, { title: 'Live work' }))).json<CaseStudy>();
    const owner = (await get('/api/owner/case-studies', true)).json<OwnerCaseStudies>();
    const bakery = owner.caseStudies.find((study) => study.slug === 'harbourline-bakery')!;

    const chosen = await send('PUT', '/api/owner/case-studies/featured', { slots: [live.id, null, draft.id, bakery.id] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ featured: [live.id, null, draft.id, bakery.id] });
    const portfolio = (await get('/api/case-studies')).json<Portfolio>();
    expect(portfolio.featured.map((study) => study?.slug ?? null)).toEqual(['live-work', null, null, 'harbourline-bakery']);

    expect((await send('PUT', '/api/owner/case-studies/featured', { slots: [live.id, live.id, null, null] })).statusCode).toBe(400);
    expect((await send('PUT', '/api/owner/case-studies/featured', { slots: ['nope', null, null, null] })).json()).toEqual({ message: 'Slots: no case study has the id nope.' });
    expect((await send('PUT', '/api/owner/case-studies/featured', { slots: [null, null, null] })).statusCode).toBe(400);
    // A refused choice changes nothing.
    expect((await get('/api/owner/case-studies', true)).json<OwnerCaseStudies>().featured).toEqual([live.id, null, draft.id, bakery.id]);

    // Deleting a featured case study empties its slot.
    await send('DELETE', `/api/owner/case-studies/${live.id}`);
    expect((await get('/api/owner/case-studies', true)).json<OwnerCaseStudies>().featured).toEqual([null, null, draft.id, bakery.id]);
  });

  it('lists published case studies in the sitemap and renders their page with its metadata and JSON-LD', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${config.siteUrl}/portfolio/harbourline-bakery</loc>`);
    expect(sitemap).not.toContain('/portfolio/draft-work');

    const page = await get('/portfolio/harbourline-bakery');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Harbourline Bakery | Portfolio | ');
    expect(page.body).toContain(`<link rel="canonical" href="${config.siteUrl}/portfolio/harbourline-bakery"/>`);
    expect(page.body).toContain(`<meta property="og:image" content="${config.siteUrl}/images/portfolio-harbourline-bakery-800.webp"/>`);
    const types = [...page.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => (JSON.parse(match[1]!) as { '@type': string })['@type']);
    expect(types).toEqual(['CreativeWork', 'BreadcrumbList']);
    expect((await get('/portfolio/draft-work')).statusCode).toBe(404);
    expect((await get('/portfolio/no-such-work')).statusCode).toBe(404);
  });

  it('keeps the images a case study names through the sweep', async () => {
    const cover = await upload();
    const inText = await upload();
    const orphan = await upload();
    await send('POST', '/api/owner/case-studies', input(cover, { title: 'Kept images', text: `![A chart](${inText})` }));
    const keyOf = (url: string) => /([0-9a-f]{32})/.exec(url)![1]!;
    const named = await app.imageReferences.named([keyOf(cover), keyOf(inText), keyOf(orphan)]);
    expect([...named].sort()).toEqual([keyOf(cover), keyOf(inText)].sort());
    const removed = await sweepOrphanImages(app.images, () => app.imageReferences.named(), Date.now() + 2 * 24 * 3600 * 1000);
    expect(removed).toContain(keyOf(orphan));
    expect(removed).not.toContain(keyOf(cover));
    expect(removed).not.toContain(keyOf(inText));
  });
});

async function buildAppFor(config: Config): Promise<FastifyInstance> {
  const { buildApp } = await import('../../src/server/app');
  return buildApp(config);
}
