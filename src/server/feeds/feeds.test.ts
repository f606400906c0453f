/** @jest-environment ./test/support/jsdom-with-fetch.js */
// jsdom for its strict XML parser (DOMParser); the server itself runs as it does everywhere.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { engines } from '../../../test/support/engines';
import { removeDataDir, testConfig } from '../../../test/support/test-config';
import { adminToken, createPost } from '../../../test/support/posts-api';
import { buildApp } from '../app';
import { deriveText } from '../posts/derived-text';
import type { Config } from '../config';
import { SERVICE_SLUGS } from '../../shared/service-slugs';
import { PUBLIC_PATHS } from './public-paths';

/** A fresh site's published case studies, each a page of the sitemap. */
const SEEDED_CASE_STUDIES = ['/portfolio/harbourline-bakery', '/portfolio/northfield-physiotherapy'];

function parseXml(text: string): Document {
  const document = new DOMParser().parseFromString(text, 'application/xml');
  const error = document.querySelector('parsererror');
  if (error) throw new Error(`Not well-formed XML: ${error.textContent}`);
  return document;
}

const hostileTitle = `Tips & tricks: <script>alert("x")</script> "quoted" 'single' \u0001`;

describe.each(engines())('feeds on $name', ({ env }) => {
  let app: FastifyInstance;
  let config: Config;

  beforeAll(async () => {
    config = testConfig(env);
    app = await buildApp(config);
  });

  afterAll(async () => {
    await app.close();
    removeDataDir(config);
  });

  async function insertPosts(count: number, make: (i: number) => { title?: string; content?: string; slug?: string; image_key?: string | null; updated_at?: string } = () => ({})) {
    const base = Date.parse('2024-01-01T00:00:00.000Z');
    const rows = Array.from({ length: count }, (_, i) => {
      const at = new Date(base + i * 60_000).toISOString();
      const row = { id: randomUUID(), title: `Post ${i}`, content: `Content of post ${i}.`, slug: `post-${i}-${randomUUID().slice(0, 8)}`, image_key: null, published_at: at, created_at: at, updated_at: at, ...make(i) };
      // Rows written behind the API's back carry what the API would have derived.
      return { ...row, ...deriveText(row.content, 'https://agency.test') };
    });
    for (let i = 0; i < rows.length; i += 500) await app.database.db.insertInto('posts').values(rows.slice(i, i + 500)).execute();
    app.contentCache.drop();
    return rows;
  }

  beforeEach(async () => {
    await app.database.db.deleteFrom('posts').execute();
    app.contentCache.drop();
  });

  it('robots.txt keeps crawlers out of the admin area, the API and the account pages and names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/api/', '/register', '/forgot-password', '/reset-password/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: https://agency.test/sitemap.xml');
    expect(response.body).not.toMatch(/^Disallow: \/$/m);
  });

  it('the sitemap parses as XML and lists every public page and every post with its last change', async () => {
    const [post] = await insertPosts(1, () => ({ title: hostileTitle, slug: 'tips-and-tricks', updated_at: '2024-03-04T05:06:07.000Z' }));
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const document = parseXml(response.body);
    expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const entries = [...document.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent,
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
    }));
    const locs = entries.map((entry) => entry.loc);
    for (const path of [...PUBLIC_PATHS, ...SEEDED_CASE_STUDIES]) expect(locs).toContain(`https://agency.test${path}`);
    expect(SERVICE_SLUGS).toHaveLength(10);
    expect(entries).toContainEqual({ loc: 'https://agency.test/blog/tips-and-tricks', lastmod: post!.updated_at });
    expect(entries).toContainEqual({ loc: 'https://agency.test/blog', lastmod: post!.updated_at });
    const paths = locs.map((loc) => new URL(loc!).pathname);
    expect(paths.filter((path) => /^\/(admin|api|login|register|forgot-password|reset-password)(\/|$)/.test(path))).toEqual([]);
  });

  it('every public page of the sitemap is a page the site renders', async () => {
    for (const path of PUBLIC_PATHS) {
      const response = await app.inject({ method: 'GET', url: path });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
    }
  });

  it('the feed is RSS 2.0 with the latest 20 posts: title, link, date and summary', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    await insertPosts(25, (i) => ({
      title: i === 24 ? hostileTitle : `Post ${i}`,
      content: i === 24 ? `**Bold** <kbd>start</kbd> ${words}` : `Content of post ${i}.`,
    }));
    const response = await app.inject({ method: 'GET', url: '/rss.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const document = parseXml(response.body);
    expect(document.documentElement.tagName).toBe('rss');
    expect(document.documentElement.getAttribute('version')).toBe('2.0');
    const channel = document.querySelector('channel')!;
    const child = (name: string) => [...channel.children].find((element) => element.tagName === name);
    expect(child('title')?.textContent).toBe('Larkspur Web Studio blog');
    expect(child('link')?.textContent).toBe('https://agency.test/blog');
    expect(child('description')?.textContent).toBe('Insights, updates, and web wisdom.');
    expect(child('language')?.textContent).toBe('en-us');
    // The newest change of a post in the feed: the last inserted.
    expect(new Date(child('lastBuildDate')!.textContent!).toISOString()).toBe(new Date(Date.parse('2024-01-01T00:00:00.000Z') + 24 * 60_000).toISOString());
    const self = child('atom:link')!;
    expect([self.namespaceURI, self.getAttribute('href'), self.getAttribute('rel')]).toEqual(['http://www.w3.org/2005/Atom', 'https://agency.test/rss.xml', 'self']);
    const items = [...document.getElementsByTagName('item')];
    expect(items).toHaveLength(20);
    const text = (item: Element, name: string) => item.getElementsByTagName(name)[0]?.textContent;
    // Newest first: the last inserted is the newest.
    const first = items[0]!;
    expect(text(first, 'title')).toBe(hostileTitle.replace('\u0001', ''));
    expect(text(first, 'link')).toMatch(/^https:\/\/agency\.test\/blog\/post-24-/);
    expect(new Date(text(first, 'pubDate')!).toISOString()).toBe(new Date(Date.parse('2024-01-01T00:00:00.000Z') + 24 * 60_000).toISOString());
    expect(text(first, 'description')).toBe(`Bold start ${Array.from({ length: 38 }, (_, i) => `w${i}`).join(' ')}...`);
    const guid = first.getElementsByTagName('guid')[0]!;
    expect([guid.textContent, guid.getAttribute('isPermaLink')]).toEqual([text(first, 'link'), 'true']);
    expect(items.map((item) => text(item, 'title'))).not.toContain('Post 4');
  });

  it('the feed stays well-formed whatever a title or a post says', async () => {
    // `]]>` ends a CDATA section: written `]]&gt;`, which readers take as HTML and show as `]]>`.
    await insertPosts(1, () => ({ title: 'a]]>b]]><x>c</x>', content: 'one ]]> two ]]><y/> three' }));
    const item = parseXml((await app.inject({ method: 'GET', url: '/rss.xml' })).body).getElementsByTagName('item')[0]!;
    expect(item.getElementsByTagName('title')[0]?.textContent).toBe('a]]&gt;b]]&gt;<x>c</x>');
    expect(item.getElementsByTagName('description')[0]?.textContent).toMatch(/^one \]\]&gt; two \]\]&gt;/);
  });

  it('a post whose last change cannot be read is listed without one', async () => {
    await insertPosts(1, () => ({ slug: 'odd-date', updated_at: 'not a date' }));
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    const url = [...parseXml(response.body).getElementsByTagName('url')].find((entry) => entry.getElementsByTagName('loc')[0]?.textContent === 'https://agency.test/blog/odd-date');
    expect(url?.getElementsByTagName('lastmod')).toHaveLength(0);
  });

  it('an empty blog still gives a valid sitemap and feed', async () => {
    expect(parseXml((await app.inject({ method: 'GET', url: '/rss.xml' })).body).getElementsByTagName('item')).toHaveLength(0);
    expect(parseXml((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).getElementsByTagName('url')).toHaveLength(PUBLIC_PATHS.length + SEEDED_CASE_STUDIES.length);
  });

  it('the sitemap stays fast with 10,000 posts', async () => {
    await insertPosts(10_000);
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.body.match(/<url>/g)).toHaveLength(10_000 + PUBLIC_PATHS.length + SEEDED_CASE_STUDIES.length);
    // Two short columns and a string: tens of milliseconds; the bound leaves room for a busy CI machine.
    expect(elapsed).toBeLessThan(1500);
    const again = performance.now();
    await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(performance.now() - again).toBeLessThan(elapsed);
  }, 60_000);

  it('lists the tag pages that published posts carry, and gives each tag a feed', async () => {
    const token = await adminToken(app);
    await createPost(app, token, { title: 'Tagged', body: 'About **shops**.', tags: 'Online Shops, SEO' });
    await createPost(app, token, { title: 'Hidden', body: 'Draft.', tags: 'Secret', status: 'draft' });
    const locs = [...parseXml((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locs).toEqual(expect.arrayContaining(['https://agency.test/blog/tag/online-shops', 'https://agency.test/blog/tag/seo']));
    expect(locs).not.toContain('https://agency.test/blog/tag/secret');

    const feed = await app.inject({ method: 'GET', url: '/blog/tag/online-shops/rss.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const document = parseXml(feed.body);
    const channel = document.querySelector('channel')!;
    expect([...channel.children].find((element) => element.tagName === 'title')?.textContent).toBe('Larkspur Web Studio blog: Online Shops');
    expect([...channel.children].find((element) => element.tagName === 'link')?.textContent).toBe('https://agency.test/blog/tag/online-shops');
    expect([...document.getElementsByTagName('item')].map((item) => item.getElementsByTagName('title')[0]?.textContent)).toEqual(['Tagged']);
    for (const url of ['/blog/tag/secret/rss.xml', '/blog/tag/unknown/rss.xml', '/blog/tag/NOT-A-SLUG/rss.xml']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe.each(engines())('a sitemap past its file limit on $name', ({ env }) => {
  const LIMIT = 10;
  let app: FastifyInstance;
  let config: Config;

  beforeAll(async () => {
    config = testConfig(env);
    app = await buildApp(config, { feeds: { sitemapUrlLimit: LIMIT } });
  });

  afterAll(async () => {
    await app.close();
    removeDataDir(config);
  });

  it('becomes an index of files of at most the limit, which together list every address once', async () => {
    const token = await adminToken(app);
    const posts = 2 * LIMIT;
    for (let i = 0; i < posts; i++) await createPost(app, token, { title: `Post ${i}`, body: 'b', tags: i % 2 ? 'Odd' : '' });
    const index = parseXml((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(index.documentElement.tagName).toBe('sitemapindex');
    const files = [...index.getElementsByTagName('loc')].map((loc) => loc.textContent!);
    const total = PUBLIC_PATHS.length + 1 + posts + SEEDED_CASE_STUDIES.length;
    expect(files).toEqual(Array.from({ length: Math.ceil(total / LIMIT) }, (_, i) => `https://agency.test/sitemap-${i + 1}.xml`));
    const listed: string[] = [];
    for (const file of files) {
      const response = await app.inject({ method: 'GET', url: new URL(file).pathname });
      expect(response.statusCode).toBe(200);
      const urls = [...parseXml(response.body).getElementsByTagName('loc')].map((loc) => loc.textContent!);
      expect(urls.length).toBeLessThanOrEqual(LIMIT);
      listed.push(...urls);
    }
    expect(listed).toHaveLength(total);
    expect(new Set(listed).size).toBe(total);
    expect(listed).toContain('https://agency.test/blog/tag/odd');
    expect((await app.inject({ method: 'GET', url: `/sitemap-${files.length + 1}.xml` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemap-0.xml' })).statusCode).toBe(404);
  });
});
