import type { SearchPage } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { bearer, createPost, usePostsTestApp } from '../support/posts-api';
import { xssPayloads } from '../support/xss-corpus';

describe.each(engines())('search on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const create = (title: string, body: string, extra: Record<string, string> = {}) => createPost(fixture.app, fixture.token, { title, body, ...extra });
  const search = async (q: string, page?: number) => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/search', query: { q, ...(page ? { page: String(page) } : {}) } });
    expect(response.statusCode).toBe(200);
    return response.json<SearchPage>();
  };
  const titles = async (q: string) => (await search(q)).results.map((result) => result.post.title);

  it('finds a word that only the body holds, and marks it in the snippet', async () => {
    await create('Hosting notes', 'We moved the shop to a **faster** server in Frankfurt last spring.');
    await create('Other', 'Nothing to see.');
    const page = await search('frankfurt');
    expect(page.total).toBe(1);
    expect(page.results[0]!.post).toMatchObject({ title: 'Hosting notes', tags: [], readingMinutes: 1 });
    expect(page.results[0]!.snippet).toContain('<mark>Frankfurt</mark>');
    expect(page.results[0]!.snippet).not.toContain('**');
  });

  it('stems English words', async () => {
    await create('Runner', 'She runs every morning.');
    expect(await titles('running')).toEqual(['Runner']);
    expect(await titles('run')).toEqual(['Runner']);
  });

  it('ranks a title match above any number of matches in another post’s text', async () => {
    await create('Notes', 'Performance, performance, performance: performance matters. Performance again.');
    await create('Performance budgets', 'How we keep pages light.');
    expect(await titles('performance')).toEqual(['Performance budgets', 'Notes']);
  });

  it('finds tags, and ranks more matches above fewer', async () => {
    await create('Plain', 'Accessibility is mentioned once.');
    await create('Tagged', 'Nothing about it here.', { tags: 'Accessibility' });
    await create('Twice', 'Accessibility twice: accessibility for everyone.');
    expect(await titles('accessibility')).toEqual(['Tagged', 'Twice', 'Plain']);
  });

  it('reads quotes as a phrase, -word as an exclusion and or as either', async () => {
    await create('Phrase', 'We build an online shop for bakers.');
    await create('Reversed', 'A shop that is online only.');
    await create('WordPress', 'An online shop on WordPress.');
    expect(await titles('"online shop"')).toEqual(expect.arrayContaining(['Phrase', 'WordPress']));
    expect(await titles('"online shop"')).toHaveLength(2);
    expect((await titles('online shop -wordpress')).sort()).toEqual(['Phrase', 'Reversed']);
    expect((await titles('-"online shop" shop')).sort()).toEqual(['Reversed']);
    expect((await titles('bakers or wordpress')).sort()).toEqual(['Phrase', 'WordPress']);
    expect(await titles('-shop')).toEqual([]);
  });

  it('ranks a phrase in a title above the same phrase in another post’s text', async () => {
    await create('Notes', 'An online shop, an online shop, another online shop.');
    await create('Online shop basics', 'Where to begin.');
    await create('Newest', 'Nothing of the kind.', { tags: 'Online shop' });
    expect(await titles('"online shop"')).toEqual(['Online shop basics', 'Newest', 'Notes']);
  });

  it('never matches or shows markdown syntax and HTML', async () => {
    await create('Keys', 'Press <kbd>Ctrl</kbd> and **S** to save; compare `a < b && c > d` safely.\n\n<!-- hidden remark -->');
    expect(await titles('kbd')).toEqual([]);
    expect(await titles('hidden remark')).toEqual([]);
    const [result] = (await search('compare')).results;
    expect(result!.snippet).toContain('<mark>compare</mark>');
    expect(result!.snippet).toContain('a &lt; b &amp;&amp; c &gt; d');
    expect(result!.snippet).not.toMatch(/kbd|\*\*/);
  });

  it('finds only published posts, whoever asks', async () => {
    await create('Out now', 'Zanzibar travel shop.');
    await create('Draft', 'Zanzibar draft.', { status: 'draft' });
    await create('Later', 'Zanzibar later.', { status: 'scheduled', publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await titles('zanzibar')).toEqual(['Out now']);
    const withToken = await fixture.app.inject({ method: 'GET', url: '/api/search?q=zanzibar', headers: bearer(fixture.token) });
    expect(withToken.json<SearchPage>().total).toBe(1);
  });

  it('pages ten results at a time with the total', async () => {
    for (let i = 1; i <= 12; i++) await create(`Post ${i}`, `A note on gardening, number ${i}.`);
    const first = await search('gardening');
    const second = await search('gardening', 2);
    expect(first.total).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(second.results).toHaveLength(2);
    const seen = new Set([...first.results, ...second.results].map((result) => result.post._id));
    expect(seen.size).toBe(12);
    expect((await search('gardening', 3)).results).toEqual([]);
  });

  it('answers a blank query with nothing, and refuses one over 200 characters or a bad page with 400', async () => {
    await create('Any', 'words');
    expect(await search('   ')).toEqual({ results: [], total: 0 });
    expect((await fixture.app.inject({ method: 'GET', url: '/api/search' })).json()).toEqual({ results: [], total: 0 });
    for (const query of [{ q: 'x'.repeat(201) }, { q: 'words', page: '0' }, { q: 'words', page: 'two' }, { q: 'a\u0000b' }] as Record<string, string>[]) {
      const response = await fixture.app.inject({ method: 'GET', url: '/api/search', query });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await search('x'.repeat(200))).total).toBe(0);
  });

  it('reads every character of a query as text, never as the engine’s syntax', async () => {
    await create('Syntax', 'Near the column title: star * and quote " here.');
    for (const q of ['"', '*', 'title:star', 'NEAR(star quote)', '(', ')', '-', 'AND', 'OR', 'NOT star', '^star', 'star*', "'", '\\', '{title}: star', '"unclosed phrase', '!star', 'star & quote', 'star | quote', '<->']) {
      const response = await fixture.app.inject({ method: 'GET', url: '/api/search', query: { q } });
      expect({ q, status: response.statusCode }).toEqual({ q, status: 200 });
    }
    expect(await titles('title:star')).toEqual(['Syntax']);
  });

  // The whole XSS corpus, some 3,300 payloads in 34 posts: seconds on a quiet machine, more on a loaded one.
  it('escapes every character of a snippet but the marks: the XSS lists stay inert', async () => {
    const payloads = xssPayloads();
    // A few posts, each with many payloads around a word to find.
    for (let start = 0; start < payloads.length; start += 100) {
      await create(`Payloads ${start}`, payloads.slice(start, start + 100).map((payload) => `quokka ${payload}`).join('\n\n'));
    }
    const snippets: string[] = [];
    for (let page = 1; ; page++) {
      const { results } = await search('quokka', page);
      if (results.length === 0) break;
      snippets.push(...results.map((result) => result.snippet));
    }
    expect(snippets.length).toBe(Math.ceil(payloads.length / 100));
    for (const snippet of snippets) {
      expect(snippet).toContain('<mark>');
      const withoutMarks = snippet.replace(/<\/?mark>/g, '');
      expect(withoutMarks).not.toMatch(/[<>"']/);
      expect(withoutMarks).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
    }
  }, 60_000);
});

describe('search of many matches on sqlite', () => {
  const fixture = usePostsTestApp({});

  it('counts up to 1,000 matches, ranks the newest 200 and lists older ones newest first after them', async () => {
    for (let i = 0; i < 1010; i++) await createPost(fixture.app, fixture.token, { title: `Kiwi ${i}`, body: i === 5 ? 'kiwi kiwi kiwi kiwi' : 'kiwi' });
    const page = async (n: number) =>
      (await fixture.app.inject({ method: 'GET', url: `/api/search?q=kiwi&page=${n}` })).json<SearchPage>();
    const first = await page(1);
    expect(first.total).toBe(1000);
    // Every post matches in its title; the ranked window holds the newest 200 (Kiwi 810 to 1009).
    for (const result of first.results) expect(Number(result.post.title.split(' ')[1])).toBeGreaterThanOrEqual(810);
    expect((await page(21)).results.map((result) => result.post.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Kiwi ${809 - i}`));
    expect((await page(100)).results.map((result) => result.post.title).at(-1)).toBe('Kiwi 10');
    expect((await page(101)).results).toEqual([]);
  }, 120_000);
});
