import { leanApiState, restoreApiState } from './lean-state';

const post = { _id: 'p1', title: 'T', content: '# Markdown', slug: 't', tags: [] };

describe('the embedded API state', () => {
  it('leaves out the markdown of posts shown from their HTML or their derived text, wherever they sit', () => {
    const api = {
      config: { online: true },
      queries: {
        'getPostBySlug("t")': { status: 'fulfilled', data: { ...post, html: '<h1>Markdown</h1>' } },
        'getPostsPage({"limit":5,"page":1})': { status: 'fulfilled', data: { posts: [{ ...post, summary: 'S...', excerpt: 'S' }], total: 1, pagedByServer: true } },
        'search({"page":1,"q":"t"})': { status: 'fulfilled', data: { results: [{ post: { ...post, summary: 'S...', excerpt: 'S' }, snippet: '<mark>t</mark>' }], total: 1 } },
      },
    };
    const lean = leanApiState(api);
    // The post page's HTML is in the page already, in the element that shows it.
    expect(lean.queries['getPostBySlug("t")']).toEqual({ status: 'fulfilled', data: { ...post, content: '', html: '' } });
    expect(lean.queries['getPostsPage({"limit":5,"page":1})']).toMatchObject({ data: { posts: [{ content: '', summary: 'S...' }], total: 1 } });
    expect(lean.queries['search({"page":1,"q":"t"})']).toMatchObject({ data: { results: [{ post: { content: '' }, snippet: '<mark>t</mark>' }] } });
    expect(lean.config).toBe(api.config);
    // The state the store holds is not touched.
    expect(api.queries['getPostBySlug("t")'].data.content).toBe('# Markdown');
  });

  it('is whole again in the browser, each post\'s HTML taken from the element of the page that shows it', () => {
    const api = { queries: { 'getPostBySlug("t")': { status: 'fulfilled', data: { ...post, html: '<h1>Markdown</h1><p>a&amp;b</p>' } }, list: { data: [{ ...post, summary: 'S...', excerpt: 'S' }] } } };
    const page = document.createElement('div');
    page.innerHTML = '<article><div class="markdown" data-stored-html="p1"><h1>Markdown</h1><p>a&amp;b</p></div></article>';
    const restored = restoreApiState(leanApiState(api), page);
    expect(restored.queries['getPostBySlug("t")']).toEqual({ status: 'fulfilled', data: { ...post, content: '', html: '<h1>Markdown</h1><p>a&amp;b</p>' } });
    expect(restored.queries.list).toEqual({ data: [{ ...post, content: '', summary: 'S...', excerpt: 'S' }] });
    // A page without the element (another page's state) leaves the post as it came.
    expect(restoreApiState(leanApiState(api), document.createElement('div')).queries['getPostBySlug("t")']).toMatchObject({ data: { html: '' } });
  });

  it('keeps the markdown of a post that came without what is derived from it (another server), which the browser renders', () => {
    const api = { queries: { 'getPostBySlug("t")': { status: 'fulfilled', data: post }, other: { status: 'rejected', error: { status: 500 } } } };
    expect(leanApiState(api)).toEqual(api);
  });
});
