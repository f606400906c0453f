import sharp from 'sharp';
import { missingProperties } from '../../src/client/components/seo/rich-result-requirements';
import { engines } from '../support/engines';
import { createPost, usePostsTestApp } from '../support/posts-api';

// What link previews and search engines read: the raw HTML, no JavaScript.

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(headOf(html))?.[1];
const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

describe.each(engines())('search and share fields on the pages, $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const get = async (url: string) => {
    const response = await fixture.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const image = () => sharp({ create: { width: 1200, height: 675, channels: 3, background: '#3366cc' } }).png().toBuffer();

  it('uses the description and the image alt text in the meta tags, JSON-LD and the image of the post page and its card', async () => {
    const post = await createPost(fixture.app, fixture.token, {
      title: 'Bakery speed',
      body: 'The body opens with other words entirely.',
      description: 'How a bakery’s pages got twice as fast.',
      imageAlt: 'A loaf on a counter',
      tags: 'Performance',
      image: { data: await image(), filename: 'loaf.png', type: 'image/png' },
    });
    const html = await get(`/blog/${post.slug}`);
    for (const key of ['description', 'og:description', 'twitter:description']) expect(meta(html, key)).toBe('How a bakery’s pages got twice as fast.');
    expect(meta(html, 'og:image:alt')).toBe('A loaf on a counter');
    expect(meta(html, 'twitter:image:alt')).toBe('A loaf on a counter');
    expect(html).toMatch(/<img [^>]*alt="A loaf on a counter"/);
    const data = structuredData(html);
    expect(data.map((item) => item['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(data[0]).toMatchObject({ description: 'How a bakery’s pages got twice as fast.', keywords: 'Performance' });
    expect((data[1]!.itemListElement as { name: string }[]).map((item) => item.name)).toEqual(['Home', 'Blog', 'Bakery speed']);
    for (const item of data) expect(missingProperties(item)).toEqual([]);
    expect(await get('/blog')).toMatch(/<img [^>]*alt="A loaf on a counter"/);
  });

  it('falls back to the text’s first words and the title when the fields are empty', async () => {
    const post = await createPost(fixture.app, fixture.token, {
      title: 'Plain post',
      body: 'Plain words open this post.',
      image: { data: await image(), filename: 'x.png', type: 'image/png' },
    });
    const html = await get(`/blog/${post.slug}`);
    expect(meta(html, 'description')).toBe('Plain words open this post.');
    expect(meta(html, 'og:image:alt')).toBe('Plain post');
    expect(structuredData(html)[0]).toMatchObject({ description: 'Plain words open this post.' });
  });

  it('gives tag pages their breadcrumbs and every blog page the share image’s alt text', async () => {
    await createPost(fixture.app, fixture.token, { title: 'Tagged', body: 'Words.', tags: 'Small Business' });
    const tag = await get('/blog/tag/small-business');
    const crumbs = structuredData(tag);
    expect(crumbs.map((item) => item['@type'])).toEqual(['BreadcrumbList']);
    expect(missingProperties(crumbs[0]!)).toEqual([]);
    expect((crumbs[0]!.itemListElement as { item: string }[]).map((item) => item.item)).toEqual([
      'https://agency.test/',
      'https://agency.test/blog',
      'https://agency.test/blog/tag/small-business',
    ]);
    for (const page of [tag, await get('/blog'), await get('/blog/search?q=words')]) {
      expect(meta(page, 'og:image:alt')).toBe('Larkspur Web Studio: websites that work as hard as you do.');
      expect(meta(page, 'twitter:image:alt')).toBe('Larkspur Web Studio: websites that work as hard as you do.');
    }
  });
});
