import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app';
import { DERIVED_VERSION } from '../../src/server/posts/derived-text';
import type { Post } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { adminToken, bearer, createPost, multipart, sendPostForm, usePostsTestApp } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';

// An image of ours named without the editor's `#WxH` (written by hand, pasted from another
// post) gets its intrinsic size in the stored HTML all the same: the size recorded at upload.

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();
const UNKNOWN = `/uploads/${'e'.repeat(32)}.webp`;

async function upload(app: FastifyInstance, token: string, width: number, height: number): Promise<string> {
  const { payload, headers } = await multipart({ image: { data: await png(width, height), filename: 'picture.png', type: 'image/png' } });
  const response = await app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, ...bearer(token) } });
  expect(response.statusCode).toBe(201);
  return response.json<{ url: string }>().url;
}

/** The `<img>` tag whose alt text is `alt`, in a page or a post's HTML. */
const imageTag = (html: string, alt: string) => new RegExp(`<img [^>]*alt="${alt}"[^>]*>`).exec(html)?.[0];
const sized = (width: number, height: number) => new RegExp(`width="${width}" height="${height}"`);

describe.each(engines())('sizes of images of ours on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const storedHtml = async (id: string) => (await fixture.app.database.db.selectFrom('posts').select('html').where('id', '=', id).executeTakeFirstOrThrow()).html;

  it('are in the stored HTML and the server-rendered page for an address written by hand; an unknown key gets none, and the fragment wins', async () => {
    const { app, token } = fixture;
    const url = await upload(app, token, 2000, 1000);
    const body = `Text.\n\n![by hand](${url})\n\n<img src="${url}" alt="raw html">\n\n![with fragment](${url}#800x400)\n\n![unknown](${UNKNOWN})`;
    const post = await createPost(app, token, { title: 'Pictures', body, status: 'published' });
    const html = await storedHtml(post._id);
    expect(imageTag(html, 'by hand')).toMatch(sized(1600, 800));
    expect(imageTag(html, 'raw html')).toMatch(sized(1600, 800));
    expect(imageTag(html, 'with fragment')).toMatch(sized(800, 400));
    expect(imageTag(html, 'with fragment')).toContain('.webp 800w"');
    expect(imageTag(html, 'unknown')).not.toMatch(/width=/);

    const page = await app.inject({ method: 'GET', url: `/blog/${post.slug}` });
    expect(page.statusCode).toBe(200);
    expect(imageTag(page.body, 'by hand')).toMatch(sized(1600, 800));
    expect(imageTag(page.body, 'unknown')).not.toMatch(/width=/);
  });

  it('are recorded for a post\'s own image too, and used on update and on restore', async () => {
    const { app, token } = fixture;
    const small = await upload(app, token, 300, 200);
    const own = await createPost(app, token, { title: 'Cover', body: 'b', image: { data: await png(1200, 900), filename: 'cover.png', type: 'image/png' } });
    const post = await createPost(app, token, { title: 'Reuse', body: `![small](${small})` });
    expect(imageTag(await storedHtml(post._id), 'small')).toMatch(sized(300, 200));
    expect(imageTag(await storedHtml(post._id), 'small')).toContain('.webp 300w"');

    const updated = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Reuse', body: `![cover](${own.imageUrl})` });
    expect(updated.statusCode).toBe(200);
    expect(imageTag(await storedHtml(post._id), 'cover')).toMatch(sized(1200, 900));

    const [revision] = (await app.inject({ method: 'GET', url: `/api/posts/id/${post._id}/revisions`, headers: bearer(token) })).json<{ _id: string }[]>();
    const restored = await app.inject({ method: 'POST', url: `/api/posts/id/${post._id}/revisions/${revision!._id}/restore`, headers: bearer(token) });
    expect(restored.statusCode).toBe(200);
    expect(imageTag(await storedHtml(post._id), 'small')).toMatch(sized(300, 200));
  });

  it('are forgotten with the image: a deleted post\'s own image keeps no size', async () => {
    const { app, token } = fixture;
    const post = await createPost(app, token, { title: 'Short-lived', body: 'b', image: { data: await png(640, 360), filename: 'cover.png', type: 'image/png' } });
    const key = path.basename(post.imageUrl!, '.webp');
    const sizeOf = () => app.database.db.selectFrom('image_sizes').select(['width', 'height']).where('image_key', '=', key).executeTakeFirst();
    expect(await sizeOf()).toEqual({ width: 640, height: 360 });
    const deleted = await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    expect(await sizeOf()).toBeUndefined();
  });
});

describe.each(engines())('sizes of images stored before they were recorded, on $name', ({ env }) => {
  it('are read from the stored files at start, before the posts are derived again; a missing or unreadable file stops nothing', async () => {
    const config = testConfig(env);
    try {
      const first = await buildApp(config);
      const token = await adminToken(first);
      const older = await upload(first, token, 640, 480);
      const missing = await upload(first, token, 500, 500);
      const broken = await upload(first, token, 400, 300);
      const keyOf = (url: string) => path.basename(url, '.webp');
      // As before migration 009: no sizes recorded; one image's file since lost, one damaged.
      await first.database.db.deleteFrom('image_sizes').where('image_key', 'in', [older, missing, broken].map(keyOf)).execute();
      const uploads = path.join(config.dataDir, 'uploads');
      for (const name of fs.readdirSync(uploads).filter((file) => file.startsWith(keyOf(missing)))) fs.rmSync(path.join(uploads, name));
      fs.writeFileSync(path.join(uploads, `${keyOf(broken)}.webp`), 'not an image');
      const at = new Date().toISOString();
      const content = `![older](${older}) ![missing](${missing}) ![broken](${broken})`;
      await first.database.db
        .insertInto('posts')
        .values({ id: randomUUID(), title: 'Old', content, slug: 'old', image_key: null, published_at: at, created_at: at, updated_at: at, html: '<p>stale</p>', derived_version: DERIVED_VERSION - 1 })
        .execute();
      await first.close();

      const second = await buildApp(config);
      try {
        await second.ready();
        const sizes = await second.database.db.selectFrom('image_sizes').selectAll().where('image_key', 'in', [older, missing, broken].map(keyOf)).execute();
        expect(sizes).toEqual([{ image_key: keyOf(older), width: 640, height: 480 }]);
        const { html } = (await second.inject({ method: 'GET', url: '/api/posts/old' })).json<Post>();
        expect(imageTag(html!, 'older')).toMatch(sized(640, 480));
        expect(imageTag(html!, 'missing')).not.toMatch(/width=/);
        expect(imageTag(html!, 'broken')).not.toMatch(/width=/);
      } finally {
        await second.close();
      }
    } finally {
      removeDataDir(config);
    }
  });
});
