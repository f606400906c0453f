import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Post } from '../../shared/api-types';
import { engines } from '../../../test/support/engines';
import { adminToken, createPost } from '../../../test/support/posts-api';
import { removeDataDir, testConfig } from '../../../test/support/test-config';
import { buildApp } from '../app';
import type { Config } from '../config';

// What a search engine or a link preview sees: the raw HTML of /blog and of a post, no JavaScript.

const HOSTILE_TITLE = '</script><script>alert(1)</script>';

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(headOf(html))?.[1];
const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Script elements of a page: only files, JSON data and JSON-LD may appear (the CSP allows no inline code). */
function scriptsOf(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({ attributes: attributes!, body: body! }));
}

function appState(html: string) {
  const script = scriptsOf(html).find((s) => s.attributes.includes('id="app-state"'))!;
  return JSON.parse(script.body) as { state: { api: { queries: Record<string, { status: string; data?: unknown }> } } };
}

describe.each(engines())('blog pages rendered on the server, $name', ({ env }) => {
  let app: FastifyInstance;
  let config: Config;
  let token: string;
  const posts: Post[] = [];

  beforeAll(async () => {
    config = testConfig(env);
    app = await buildApp(config);
    token = await adminToken(app);
  });

  afterAll(async () => {
    await app.close();
    removeDataDir(config);
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('shows the empty blog text when there are no posts, and no pager', async () => {
    const response = await get('/blog');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>From the Blog</h1>');
    expect(response.body).toContain('Insights, updates, and web wisdom.');
    expect(response.body).toContain('No blog posts yet — check back soon.');
    expect(response.body).not.toContain('Page 1 of');
  });

  it('lists the newest five posts with summary and Read More, and the pager, once there are twelve', async () => {
    const image = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#3366cc' } }).png().toBuffer();
    for (let i = 1; i <= 12; i += 1) {
      const words = Array.from({ length: 45 }, (_, w) => `word${w + 1}`).join(' ');
      posts.push(
        await createPost(app, token, {
          title: `Post number ${i}`,
          body: `**Post ${i}** opens with <kbd>bold</kbd> ${words}`,
          ...(i === 12 ? { image: { data: image, filename: 'cover.png', type: 'image/png' } } : {}),
        }),
      );
    }
    // Creating posts cleared the page cache: the empty blog is not served again.
    const response = await get('/blog');
    const html = response.body;
    expect(response.statusCode).toBe(200);
    const titles = [...html.matchAll(/<h2[^>]*>(Post number \d+)<\/h2>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Post number 12', 'Post number 11', 'Post number 10', 'Post number 9', 'Post number 8']);
    const summary = `Post 12 opens with bold ${Array.from({ length: 35 }, (_, w) => `word${w + 1}`).join(' ')}...`;
    expect(html).toContain(`>${summary}</p>`);
    expect(html).toMatch(new RegExp(`<a [^>]*href="/blog/${posts[11]!.slug}"[^>]*>Read More<span class="visually-hidden"> about <!-- -->Post number 12</span></a>`));
    // The card's image with its versions and a box.
    const base = posts[11]!.imageUrl!.replace(/\.webp$/, '');
    expect(html).toContain(`srcSet="${base}-400.webp 400w, ${base}-800.webp 800w, ${base}.webp 1600w"`);
    expect(html).toMatch(/<img [^>]*width="1600" height="900"/);
    // The pager: Previous disabled on page 1.
    expect(html).toContain('Page 1 of 3');
    expect(html).toMatch(/<button type="button"[^>]*disabled=""[^>]*>Previous<\/button>/);
    expect(html).not.toMatch(/disabled=""[^>]*>Next</);
    expect(html).not.toContain('No blog posts yet');
    // The page's data travels with it, so the browser does not ask again.
    const queries = appState(html).state.api.queries;
    expect(queries['getPostsPage({"limit":5,"page":1})']).toMatchObject({ status: 'fulfilled', data: { total: 12, pagedByServer: true } });
    // Besides the site's Settings, which every page's frame shows, nothing else.
    expect(Object.keys(queries).sort()).toEqual(['getPostsPage({"limit":5,"page":1})', 'getSitePart("settings")']);
  });

  it('renders a later page from the address, and the nearest page for one out of range', async () => {
    const last = await get('/blog?page=3');
    expect([...last.body.matchAll(/<h2[^>]*>(Post number \d+)<\/h2>/g)].map((m) => m[1])).toEqual(['Post number 2', 'Post number 1']);
    expect(last.body).toContain('Page 3 of 3');
    expect(last.body).toMatch(/disabled=""[^>]*>Next<\/button>/);
    expect(last.body).toContain('<link rel="canonical" href="https://agency.test/blog?page=3"/>');

    for (const url of ['/blog?page=99', '/blog?page=123456789012345678901234567890']) {
      const beyond = await get(url);
      expect(beyond.statusCode).toBe(200);
      expect(beyond.body).toContain('Page 3 of 3');
      expect(beyond.body).toContain('Post number 1<');
      expect(beyond.body).toContain('<link rel="canonical" href="https://agency.test/blog?page=3"/>');
    }
    const unreadable = await get('/blog?page=abc');
    expect(unreadable.body).toContain('Page 1 of 3');
    expect(unreadable.body).toContain('<link rel="canonical" href="https://agency.test/blog"/>');
  });

  it('renders a post with its markdown, head metadata and JSON-LD', async () => {
    const post = posts[11]!;
    const response = await get(`/blog/${post.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const head = headOf(html);
    expect(head).toContain('<title>Post number 12 | Blog | Larkspur Web Studio</title>');
    expect(metaContent(html, 'name', 'description')).toMatch(/^Post 12 opens with bold word1 word2/);
    expect(head).toContain(`<link rel="canonical" href="https://agency.test/blog/${post.slug}"/>`);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:title')).toBe('Post number 12 | Blog | Larkspur Web Studio');
    expect(metaContent(html, 'property', 'og:image')).toBe(`https://agency.test${post.imageUrl}`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`https://agency.test${post.imageUrl}`);
    expect(metaContent(html, 'property', 'article:published_time')).toBe(post.publishedAt);

    expect(html).toMatch(/<a class="back" href="\/blog"[^>]*>← Back to Blog<\/a>/);
    expect(html).toMatch(/<h1[^>]*>Post number 12<\/h1>/);
    expect(html).toContain('<strong>Post 12</strong> opens with <kbd>bold</kbd>');
    expect(html).not.toContain('Loading...');

    const ldJson = scriptsOf(html).filter((s) => s.attributes.includes('application/ld+json'));
    // The post, and where it sits (Home › Blog › the post).
    expect(ldJson).toHaveLength(2);
    expect(JSON.parse(ldJson[1]!.body)).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(JSON.parse(ldJson[0]!.body)).toEqual(
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: 'Post number 12',
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        image: [`https://agency.test${post.imageUrl}`],
        publisher: expect.objectContaining({ '@type': 'Organization', name: 'Larkspur Web Studio' }),
      }),
    );
    expect(appState(html).state.api.queries[`getPostBySlug("${post.slug}")`]).toMatchObject({ status: 'fulfilled' });
  });

  it('renders every GFM feature of a post on the server', async () => {
    const post = await createPost(app, token, {
      title: 'Every feature',
      body: '| a | b |\n| - | - |\n| 1 | 2 |\n\n~~old~~\n\n- [x] done\n\nSee https://example.com for more.[^1]\n\n[^1]: The note.',
    });
    const html = (await get(`/blog/${post.slug}`)).body;
    expect(html).toContain('<table>');
    expect(html).toContain('<del>old</del>');
    expect(html).toMatch(/<input type="checkbox" disabled="" checked=""\/>/);
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">https://example.com</a>');
    expect(html).toMatch(/<a href="#user-content-fn-1" id="user-content-fnref-1"/);
    expect(html).toMatch(/<li id="user-content-fn-1">\s*<p>The note\. <a href="#user-content-fnref-1"/);
  });

  it('keeps a hostile title inside its elements: title, meta, JSON-LD and state', async () => {
    const post = await createPost(app, token, { title: HOSTILE_TITLE, body: 'Body <script>alert(2)</script> <img src=x onerror=alert(3)>' });
    const response = await get(`/blog/${post.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const scripts = scriptsOf(html);
    // Every script element is a file, the JSON state or the JSON-LD; none holds the payload as code.
    for (const script of scripts) {
      expect(script.attributes).toMatch(/\bsrc="|type="application\/json"|type="application\/ld\+json"/);
      if (!/\bsrc="/.test(script.attributes)) expect(() => JSON.parse(script.body)).not.toThrow();
    }
    expect(scripts.filter((s) => /application\/(ld\+)?json/.test(s.attributes))).toHaveLength(3);
    // The page itself, without the JSON state that carries the content as data.
    const page = html.replace(/<script id="app-state"[\s\S]*?<\/script>/, '');
    expect(page).not.toContain('<script>alert');
    expect(page).not.toMatch(/onerror/i);
    expect(page).toContain('<p>Body  <img src="x" loading="lazy" decoding="async"/></p>');
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)![1]!)).toBe(`${HOSTILE_TITLE} | Blog | Larkspur Web Studio`);
    const ld = JSON.parse(scripts.find((s) => s.attributes.includes('ld+json'))!.body) as { headline: string };
    expect(ld.headline).toBe(HOSTILE_TITLE);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('sends a long post whole, with no hidden segment or inline script to reveal it', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} of a long post about **speed**.`).join('\n\n');
    const post = await createPost(app, token, { title: 'A long read', body: long });
    const html = (await get(`/blog/${post.slug}`)).body;
    expect(html.length).toBeGreaterThan(30_000);
    expect(html).toContain('<p>Paragraph 399 of a long post about <strong>speed</strong>.</p>');
    expect(html).not.toMatch(/<div hidden|<template|\$RC|<!--\$\?-->/);
    for (const script of scriptsOf(html)) expect(script.attributes).toMatch(/\bsrc="|type="application\/(ld\+)?json"/);
  });

  it('answers an unknown slug with 404 and the failure text', async () => {
    const response = await get('/blog/no-such-post-here');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Failed to load the post.');
    expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    expect(response.body).not.toContain('application/ld+json');
  });
});
