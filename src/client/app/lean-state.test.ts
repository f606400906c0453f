import { leanApiState, restoreApiState } from './lean-state';

const post = { _id: 'p1', title: 'T', content: '# Markdown', slug: 't', tags: [] };
const card = { _id: 'p2', title: 'C', slug: 'c', tags: [], summary: 'S...', excerpt: 'S' };

describe('the embedded API state', () => {
  it('leaves out the markdown and the HTML of a post shown from its HTML, wherever it sits', () => {
    const api = {
      config: { online: true },
      queries: {
        'getPostBySlug("t")': { status: 'fulfilled', data: { ...post, html: '<h1>Markdown</h1>' } },
        'nested({"page":1})': { status: 'fulfilled', data: { results: [{ post: { ...post, html: '<h1>Markdown</h1>' } }] } },
        // Cards come without markdown: nothing to leave out.
        'getPostsPage({"limit":5,"page":1})': { status: 'fulfilled', data: { posts: [card], total: 1, pagedByServer: true } },
      },
    };
    const lean = leanApiState(api);
    // The post page's HTML is in the page already, in the element that shows it.
    expect(lean.queries['getPostBySlug("t")']).toEqual({ status: 'fulfilled', data: { ...post, content: '', html: '' } });
    expect(lean.queries['nested({"page":1})']).toEqual({ status: 'fulfilled', data: { results: [{ post: { ...post, content: '', html: '' } }] } });
    // Not even copied.
    expect(lean.queries['getPostsPage({"limit":5,"page":1})']).toBe(api.queries['getPostsPage({"limit":5,"page":1})']);
    expect(lean.config).toBe(api.config);
    // The state the store holds is not touched.
    expect(api.queries['getPostBySlug("t")'].data.content).toBe('# Markdown');
  });

  it('is whole again in the browser, each post\'s HTML taken from the element of the page that shows it', () => {
    const api = { queries: { 'getPostBySlug("t")': { status: 'fulfilled', data: { ...post, html: '<h1>Markdown</h1><p>a&amp;b</p>' } }, list: { data: [card] } } };
    const page = document.createElement('div');
    page.innerHTML = '<article><div class="markdown" data-stored-html="p1"><h1>Markdown</h1><p>a&amp;b</p></div></article>';
    const restored = restoreApiState(leanApiState(api), page);
    expect(restored.queries['getPostBySlug("t")']).toEqual({ status: 'fulfilled', data: { ...post, content: '', html: '<h1>Markdown</h1><p>a&amp;b</p>' } });
    expect(restored.queries.list).toEqual({ data: [card] });
    // A page without the element (another page's state) leaves the post as it came.
    expect(restoreApiState(leanApiState(api), document.createElement('div')).queries['getPostBySlug("t")']).toMatchObject({ data: { html: '' } });
  });

  it('keeps the markdown of a post that came without what is derived from it (another server), which the browser renders', () => {
    const api = { queries: { 'getPostBySlug("t")': { status: 'fulfilled', data: post }, other: { status: 'rejected', error: { status: 500 } } } };
    expect(leanApiState(api)).toEqual(api);
  });
});
