import { randomBytes, randomInt } from 'node:crypto';
import { engines } from '../support/engines';
import { adminToken, createPost } from '../support/posts-api';
import { startSite, type TestSite } from './accounts-helpers';

// A robot walking page numbers or making up paths must not push the pages people read out of
// the page cache (it keeps 1,000): a page past a list's end is its last page, and answers that
// are not pages are kept apart, a few.

jest.setTimeout(180_000);

describe.each(engines())('the page cache under robots on $name', ({ env }) => {
  let site: TestSite;
  const get = (url: string) => site.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    // Pages live an hour here: what is tested is robots pushing pages out, not a page's lifetime
    // running out while 4,000 requests take their time on a busy machine.
    site = await startSite(env, { PAGE_CACHE_SECONDS: '3600' });
    const token = await adminToken(site.app);
    // 12 posts: the blog has 3 pages, the tag "garden" 2.
    for (let n = 1; n <= 12; n++) await createPost(site.app, token, { title: `Flood post ${n}`, body: `Words of post ${n}.`, tags: n <= 7 ? 'garden' : 'kitchen' });
  });
  afterAll(() => site.close());
  beforeEach(() => site.app.contentCache.drop());

  it('shows the last page for a page past the end, kept and then answered as that page, without a render of its own', async () => {
    const last = await get('/blog?page=3');
    expect(last.body).toContain('Page 3 of 3');
    site.app.contentCache.drop();

    const past = await get('/blog?page=999999');
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain('Page 3 of 3');
    expect(site.app.contentCache.pages.get('/blog?page=3')?.body).toBeDefined();
    expect(site.app.contentCache.pages.get('/blog?page=999999')).toBeUndefined();

    const render = jest.spyOn(site.app.pageRenderer, 'render');
    try {
      for (const page of [4, 17, 123456]) {
        const answer = await get(`/blog?page=${page}`);
        expect(answer.body).toBe(past.body);
      }
      // The tag's list and a search's have ends of their own.
      expect((await get('/blog/tag/garden?page=50')).body).toContain('Page 2 of 2');
      expect((await get('/blog/tag/garden?page=51')).body).toContain('Page 2 of 2');
      expect((await get('/blog/search?q=flood&page=40')).body).toContain('Page 2 of 2');
      expect((await get('/blog/search?q=flood&page=41')).body).toContain('Page 2 of 2');
      expect(render.mock.calls.map(([url]) => url)).toEqual(['/blog/tag/garden?page=50', '/blog/search?q=flood&page=40']);
    } finally {
      render.mockRestore();
    }
  });

  it('keeps /blog cached through 2,000 random page numbers and 2,000 random paths', async () => {
    const blog = await get('/blog');
    expect(blog.statusCode).toBe(200);
    const kept = site.app.contentCache.pages.get('/blog');
    expect(kept).toBeDefined();

    for (let n = 0; n < 2000; n++) {
      const answer = await get(`/blog?page=${randomInt(2, 1_000_000)}`);
      expect(answer.statusCode).toBe(200);
    }
    expect(site.app.contentCache.pages.get('/blog')).toBe(kept);

    // In batches of the render line's width: robots waiting their turn, none turned away.
    for (let n = 0; n < 2000; n += 4) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => get(`/${randomBytes(6).toString('hex')}/${randomInt(1e9)}`)));
      for (const answer of answers) expect(answer.statusCode).toBe(404);
    }
    expect(site.app.contentCache.pages.get('/blog')).toBe(kept);
    expect((await get('/blog')).body).toBe(blog.body);
  });

  it('still serves a missing path robots ask for again and again from memory', async () => {
    const first = await get('/wp-login.php');
    expect(first.statusCode).toBe(404);
    const render = jest.spyOn(site.app.pageRenderer, 'render');
    try {
      const again = await get('/wp-login.php');
      expect(again.statusCode).toBe(404);
      expect(again.body).toBe(first.body);
      expect(render).not.toHaveBeenCalled();
    } finally {
      render.mockRestore();
    }
  });
});
