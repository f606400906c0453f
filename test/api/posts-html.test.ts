import type { Post } from '../../src/shared/api-types';
import { renderMarkdownHtml } from '../../src/shared/markdown/render-html';
import { DERIVED_VERSION } from '../../src/server/posts/derived-text';
import { afterRestart } from '../support/after-restart';
import { engines } from '../support/engines';
import { bearer, createPost, sendPostForm, usePostsTestApp } from '../support/posts-api';

const SITE = 'https://agency.test';
const FIRST = 'First **version** with [a link](https://example.com) and [ours](https://agency.test/about).\n\n<script>alert(1)</script>';
const SECOND = '## Second\n\n| a | b |\n| :- | -: |\n| 1 | 2 |\n\nNote.[^1]\n\n[^1]: A footnote.';

describe.each(engines())('a post\'s stored HTML on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);

  const storedHtml = async (id: string) =>
    (await fixture.app.database.db.selectFrom('posts').select(['html', 'html_origin', 'derived_version']).where('id', '=', id).executeTakeFirstOrThrow());
  const page = async (slug: string) => (await fixture.app.inject({ method: 'GET', url: `/api/posts/${slug}` })).json<Post>();

  it('is rendered on create with the browser\'s pipeline, and sent with the post by its slug only', async () => {
    const { app, token } = fixture;
    const post = await createPost(app, token, { title: 'Stored', body: FIRST, status: 'published' });
    const html = renderMarkdownHtml(FIRST, SITE);
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">a link</a>');
    expect(html).toContain('<a href="https://agency.test/about">ours</a>');
    expect(html).not.toContain('<script');
    expect(await storedHtml(post._id)).toEqual({ html, html_origin: SITE, derived_version: DERIVED_VERSION });
    expect(await page(post.slug)).toMatchObject({ content: FIRST, html });
    // Lists and cards do without it: their payload stays what it was.
    const list = (await app.inject({ method: 'GET', url: '/api/posts?page=1&limit=10' })).json<Post[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty('html');
    expect((await app.inject({ method: 'GET', url: `/api/posts/id/${post._id}`, headers: bearer(token) })).json()).not.toHaveProperty('html');
  });

  it('is rendered again on update and on a restore of an earlier version', async () => {
    const { app, token } = fixture;
    const post = await createPost(app, token, { title: 'Versions', body: FIRST, status: 'published' });
    const updated = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Versions', body: SECOND, status: 'published' });
    expect(updated.statusCode).toBe(200);
    expect((await storedHtml(post._id)).html).toBe(renderMarkdownHtml(SECOND, SITE));
    expect((await page(post.slug)).html).toContain('<table>');

    const [revision] = (await app.inject({ method: 'GET', url: `/api/posts/id/${post._id}/revisions`, headers: bearer(token) })).json<{ _id: string }[]>();
    const restored = await app.inject({ method: 'POST', url: `/api/posts/id/${post._id}/revisions/${revision!._id}/restore`, headers: bearer(token) });
    expect(restored.statusCode).toBe(200);
    expect((await storedHtml(post._id)).html).toBe(renderMarkdownHtml(FIRST, SITE));
    expect((await page(post.slug)).html).toBe(renderMarkdownHtml(FIRST, SITE));
  });
});

describe.each(engines())('stored HTML at start on $name', ({ env }) => {
  it('is rendered for posts an older version of the renderer wrote', async () => {
    await afterRestart(env, { content: 'Old *text*.', slug: 'old', html: '<p>stale</p>', html_origin: SITE, derived_version: DERIVED_VERSION - 1 }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/api/posts/old' })).json<Post>().html).toBe(renderMarkdownHtml('Old *text*.', SITE));
    });
  });

  it('is rendered again when the site moved to another address, which decides what is another site', async () => {
    const content = '[home](https://old.example/)';
    await afterRestart(env, { content, slug: 'moved', html: renderMarkdownHtml(content, 'https://old.example'), html_origin: 'https://old.example', derived_version: DERIVED_VERSION }, async (app) => {
      const { html } = (await app.inject({ method: 'GET', url: '/api/posts/moved' })).json<Post>();
      expect(html).toBe(renderMarkdownHtml(content, SITE));
      expect(html).toContain('target="_blank"');
    });
  });

  it('is left alone when the version and the address are current', async () => {
    await afterRestart(env, { content: 'Text.', slug: 'current', html: '<p>as stored</p>', html_origin: SITE, derived_version: DERIVED_VERSION }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/api/posts/current' })).json<Post>().html).toBe('<p>as stored</p>');
    });
  });
});
