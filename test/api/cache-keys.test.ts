import { EncodedBody } from '../../src/server/http/encoded-body';
import { SearchQueries } from '../../src/server/search/search-queries';
import { adminToken, bearer, createPost } from '../support/posts-api';
import { startSite, type TestSite } from './accounts-helpers';

// Whatever a robot puts in an address or a header, a public read costs no more than the pages
// and answers that exist: caches keyed by what the page reads, searches by their folded form,
// a bad Authorization header refused before any work, and renders waiting in line bounded.

describe('public caches that robots cannot bypass', () => {
  let site: TestSite;
  const get = (url: string, headers: Record<string, string> = {}) => site.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    site = await startSite({});
  });
  afterAll(() => site.close());
  beforeEach(() => site.app.contentCache.drop());

  /** Keeps a page under `key` that no render would make: answered with it means answered from that entry. */
  function plant(key: string): string {
    const marker = `<p>kept under ${key}</p>`;
    site.app.contentCache.pages.set(key, 200, new EncodedBody(marker), site.app.contentCache.pages.generation);
    return marker;
  }

  it('serves /blog with any parameter the list does not read from the entry of /blog', async () => {
    const marker = plant('/blog');
    for (const url of ['/blog?x=1', '/blog?utm_source=news&x=2', '/blog?page=1', '/blog?page=abc', '/blog?q=anything']) {
      const answer = await get(url);
      expect({ url, body: answer.body }).toEqual({ url, body: marker });
    }
  });

  it('reads runs of slashes as one: no number of them makes another page, and no address makes a fault', async () => {
    const marker = plant('/blog');
    for (const url of ['//blog', '///blog?x=1']) expect({ url, body: (await get(url)).body }).toEqual({ url, body: marker });
    const slashed = plant('/blog/');
    for (const url of ['/blog//', '//blog///']) expect({ url, body: (await get(url)).body }).toEqual({ url, body: slashed });
    // Read against the origin, `//[` was a host that could not be parsed, and the page route failed.
    expect((await get('//[')).statusCode).toBe(404);
  });

  it('keeps a page of the list apart, under one spelling of its number', async () => {
    // Three pages of posts: a page past the end would be kept as the last page.
    const token = await adminToken(site.app);
    for (let n = 1; n <= 11; n++) await createPost(site.app, token, { title: `Listed post ${n}`, body: 'Words.' });
    expect((await get('/blog?page=2&x=1')).statusCode).toBe(200);
    expect(site.app.contentCache.pages.get('/blog?page=2')).toBeDefined();
    expect(site.app.contentCache.pages.get('/blog?page=2&x=1')).toBeUndefined();

    const marker = plant('/blog?page=2');
    for (const url of ['/blog?page=02', '/blog?x=9&page=2', '/blog?page=2&page=3']) expect((await get(url)).body).toBe(marker);
    expect((await get('/blog')).body).not.toBe(marker);
    expect((await get('/blog?page=3')).body).not.toBe(marker);
  });

  it('keys the search page by its folded search, and shows that form of it', async () => {
    const first = await get('/blog/search?q=Foo%20%20Bar&utm_medium=mail');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('No posts match &quot;foo bar&quot;.');
    expect(site.app.contentCache.pages.get('/blog/search?q=foo+bar')).toBeDefined();

    const marker = plant('/blog/search?q=foo+bar');
    for (const url of ['/blog/search?q=foo%20bar', '/blog/search?q=%20FOO%09bar%20', '/blog/search?q=Foo+Bar&page=1']) expect((await get(url)).body).toBe(marker);
    expect((await get('/blog/search?q=foo%20bar&page=2')).body).not.toBe(marker);
  });

  it('answers every spelling of one search from one API read', async () => {
    const search = jest.spyOn(SearchQueries.prototype, 'search');
    try {
      const answers = [];
      for (const q of ['Foo%20%20Bar', 'foo%20bar', '%20FOO%20%20bar%20', 'FOO+BAR']) answers.push(await get(`/api/search?q=${q}`));
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      // The first goes to the database; the others, however spelled, come from its cached answer.
      for (const answer of answers) expect(answer.json()).toEqual(answers[0]!.json());
      expect(search.mock.calls.map(([query]) => query)).toEqual(['foo bar']);
    } finally {
      search.mockRestore();
    }
  });

  describe('a public read with an Authorization header', () => {
    const reads = ['/', '/blog', '/blog/search?q=web', '/api/posts', '/api/posts?page=1&limit=10', '/api/posts/some-post', '/api/tags', '/api/search?q=web', '/rss.xml'];
    const invalid = {
      'a malformed token': 'Bearer junk',
      'another scheme': 'Basic YWRtaW46cGFzc3dvcmQ=',
      'a token signed with another key':
        'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4IiwiZW1haWwiOiJ4QHgueCIsInZlciI6MCwiaWF0IjoxLCJleHAiOjk5OTk5OTk5OTl9.c2lnbmF0dXJl',
      'an empty header': '',
    };

    it.each(Object.entries(invalid))('answers 401 with %s, before any work', async (_name, authorization) => {
      for (const url of reads) {
        const answer = await get(url, { authorization });
        expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({ url, status: 401, body: { message: expect.any(String) } });
      }
      expect(site.app.contentCache.pages.get('/blog')).toBeUndefined();
    });

    it('leaves /healthz alone: a probe that sends a header still learns the instance is up', async () => {
      for (const authorization of Object.values(invalid)) expect((await get('/healthz', { authorization })).statusCode).toBe(200);
    });

    it('reads as before with a valid token, and without the header', async () => {
      const owner = bearer(await adminToken(site.app));
      for (const url of reads) {
        const expected = url === '/api/posts/some-post' ? 404 : 200;
        expect({ url, status: (await get(url, owner)).statusCode }).toEqual({ url, status: expected });
        expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: expected });
      }
    });
  });

  it('turns away renders beyond its line at once with 503 and Retry-After, and serves again once it has moved', async () => {
    // Distinct addresses that no cache holds: each one is a render of its own.
    const answers = await Promise.all(Array.from({ length: 120 }, (_, n) => get(`/no-such-page-${n}`)));
    const shed = answers.filter((answer) => answer.statusCode === 503);
    const rendered = answers.filter((answer) => answer.statusCode === 404);
    expect(shed.length + rendered.length).toBe(120);
    expect(shed.length).toBeGreaterThan(0);
    expect(rendered.length).toBeGreaterThanOrEqual(4 + 32);
    for (const answer of shed) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({ message: 'The site is busy right now. Please try again in a few seconds.' });
    }
    expect((await get('/blog')).statusCode).toBe(200);
  });
});
