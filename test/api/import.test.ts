import type { Server } from 'node:http';
import sharp from 'sharp';
import type { Post } from '../../src/shared/api-types';
import type { ImportJob } from '../../src/shared/contract/imports';
import { engines } from '../support/engines';
import { bearer, usePostsTestApp } from '../support/posts-api';
import { file, fixture, importAll, oldSiteServer, upload } from './import-helpers';

describe.each(engines())('importing WordPress and Ghost exports on $name', ({ env }) => {
  const app = usePostsTestApp(env);
  let server: Server;
  let origin: string;
  let wxr: Buffer;

  beforeAll(async () => {
    const jpeg = (r: number) => sharp({ create: { width: 640, height: 400, channels: 3, background: { r, g: 100, b: 50 } } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } }).png().toBuffer();
    ({ server, origin } = await oldSiteServer({
      '/wp-content/uploads/2024/03/storefront.jpg': { type: 'image/jpeg', body: await jpeg(200) },
      '/wp-content/uploads/2024/03/team-photo.png': { type: 'image/png', body: png },
      '/content/images/2024/05/bouquet.jpg': { type: 'image/jpeg', body: await jpeg(10) },
      '/content/images/2024/05/cover.jpg': { type: 'image/jpeg', body: await jpeg(90) },
    }));
    // The export as WordPress wrote it, its site moved to the test's server.
    wxr = Buffer.from(fixture('wordpress-export.xml').toString('utf8').replaceAll('https://old-agency.example', origin));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(async () => {
    app.app.imports.allowLoopback = true;
    await app.app.database.db.deleteFrom('redirects').execute();
    await app.app.database.db.deleteFrom('imported_posts').execute();
  });

  const read = async (slug: string) => (await app.app.inject({ method: 'GET', url: `/api/posts/${slug}`, headers: bearer(app.token) })).json<Post>();
  const visit = (url: string) => app.app.inject({ method: 'GET', url });
  const postCount = async () => (await app.app.database.db.selectFrom('posts').select('id').execute()).length;

  it('shows a dry run of a WordPress export first, and imports nothing until asked', async () => {
    const dry = await upload(app.app, app.token, { export: file(wxr, 'export.xml', 'text/xml') });
    expect(dry.statusCode).toBe(201);
    const job = dry.json<ImportJob>();
    expect(job).toMatchObject({ state: 'ready', total: 3, done: 0 });
    expect(job.summary).toEqual({
      source: 'wordpress',
      siteUrl: origin,
      posts: 2,
      drafts: 1,
      tags: ['Small business', 'Web design', 'Case studies', 'SEO', 'Pricing'],
      images: 2,
      skipped: { pages: 2, comments: 1, authors: 2 },
      leftAsText: [
        { post: 'Launching the bakery website', code: '[gallery]' },
        { post: 'Five SEO fixes for local shops', code: '[contact-form-7]' },
      ],
    });
    expect(await postCount()).toBe(0);
  });

  it('imports posts, drafts, dates, tags, images and featured images, redirects the old permalinks, and adds nothing twice', async () => {
    const job = await importAll(app.app, app.token, { export: file(wxr, 'export.xml', 'text/xml') });
    expect(job).toMatchObject({ state: 'done', total: 3, done: 3, existing: 0, failures: [], error: null });
    expect(job.imported.map((post) => post.slug)).toEqual(['launching-the-bakery-website', 'five-seo-fixes', 'pricing-ideas']);

    const bakery = await read('launching-the-bakery-website');
    expect(bakery).toMatchObject({ title: 'Launching the bakery website', status: 'published', publishedAt: '2024-03-12T09:30:00.000Z', tags: ['Small business', 'Web design'], imageAlt: 'Photo team-photo' });
    expect(bakery.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(bakery.content).toMatch(/^We rebuilt the \*\*Corner Bakery\*\* site in \*six weeks\*\. Read \[the live site\]\(https:\/\/corner-bakery\.example\/\)\./);
    expect(bakery.content).toMatch(/!\[The bakery storefront\]\(\/uploads\/[0-9a-f]{32}\.webp\)/);
    expect(bakery.content).toContain('| Load time | 4.1 s | 1.2 s |');
    expect(bakery.content).toContain('~a PDF~');
    expect(bakery.content).toContain('\\[gallery ids="1,2"\\]');
    expect(bakery.content).not.toMatch(/script|alert/);
    expect(bakery.html).toContain('<del>a PDF</del>');
    expect(bakery.html).toContain('<table>');
    const [, imageFile] = /\((\/uploads\/[0-9a-f]{32}\.webp)\)/.exec(bakery.content)!;
    expect((await visit(imageFile!)).statusCode).toBe(200);
    expect((await visit(bakery.imageUrl!)).statusCode).toBe(200);

    const seo = await read('five-seo-fixes');
    expect(seo).toMatchObject({ publishedAt: '2023-11-02T14:00:00.000Z', tags: ['Case studies', 'SEO'] });
    expect(seo.content).toContain('1.  Claim your map listing');
    const draft = (await app.app.inject({ method: 'GET', url: '/api/posts?status=draft', headers: bearer(app.token) })).json<Post[]>();
    expect(draft.map((post) => [post.slug, post.status, post.publishedAt])).toEqual([['pricing-ideas', 'draft', null]]);

    for (const old of ['/2024/03/12/launching-the-bakery-website/', '/2024/03/12/launching-the-bakery-website', '/?p=4']) {
      const answer = await visit(old);
      expect([old, answer.statusCode, answer.headers.location]).toEqual([old, 301, '/blog/launching-the-bakery-website']);
    }
    expect((await visit('/2023/11/02/five-seo-fixes/')).headers.location).toBe('/blog/five-seo-fixes');
    expect((await visit('/?p=8')).statusCode).toBe(200);

    const again = await importAll(app.app, app.token, { export: file(wxr, 'export.xml', 'text/xml') });
    expect(again).toMatchObject({ state: 'done', imported: [], existing: 3, failures: [] });
    expect(await postCount()).toBe(3);
    expect((await app.app.database.db.selectFrom('redirects').select('id').execute()).length).toBe(4);
  });

  it('takes the images from a zip of the uploads folder when one is given', async () => {
    const original = fixture('wordpress-export.xml');
    const job = await importAll(app.app, app.token, { export: file(original, 'export.xml', 'text/xml'), archive: file(fixture('wordpress-uploads.zip'), 'uploads.zip', 'application/zip') });
    expect(job).toMatchObject({ state: 'done', failures: [] });
    const bakery = await read('launching-the-bakery-website');
    expect(bakery.imageUrl).toMatch(/^\/uploads\//);
    expect(bakery.content).toMatch(/!\[The bakery storefront\]\(\/uploads\//);
  });

  it('imports a Ghost export: html of lexical and mobiledoc posts, tags in order without internal ones, featured image and its alt, and Ghost’s /{slug}/ addresses', async () => {
    const ghost = fixture('ghost-export.json');
    const dry = (await upload(app.app, app.token, { export: file(ghost, 'ghost.json', 'application/json'), siteUrl: origin })).json<ImportJob>();
    expect(dry.summary).toMatchObject({ source: 'ghost', siteUrl: origin, posts: 2, drafts: 1, tags: ['Case study', 'Performance'], images: 2, skipped: { pages: 1, comments: 0, authors: 1 } });
    const job = await importAll(app.app, app.token, { export: file(ghost, 'ghost.json', 'application/json'), siteUrl: origin });
    expect(job).toMatchObject({ state: 'done', failures: [], existing: 0 });
    const florist = await read('florist-faster-site');
    expect(florist).toMatchObject({ publishedAt: '2024-05-21T09:00:00.000Z', tags: ['Case study', 'Performance'], imageAlt: "The florist's shop front" });
    expect(florist.imageUrl).toMatch(/^\/uploads\//);
    expect(florist.content).toMatch(/!\[A bouquet on the counter\]\(\/uploads\/[0-9a-f]{32}\.webp\)/);
    expect(florist.content).toContain('~Three~ One font');
    expect(florist.content).toContain('Speed sells flowers.');
    expect((await read('hosting-basics')).content).toContain('| Shared | $3 |');
    expect((await visit('/florist-faster-site/')).headers.location).toBe('/blog/florist-faster-site');
    expect((await visit('/newsletter-notes/')).statusCode).toBe(404);
    expect((await visit('/about')).statusCode).toBe(200);
    const again = await importAll(app.app, app.token, { export: file(ghost, 'ghost.json', 'application/json'), siteUrl: origin });
    expect(again).toMatchObject({ imported: [], existing: 3 });
  });
});
