import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { recordMissingSizes } from '../../src/server/posts/image-sizes';
import { sweepOrphanImages } from '../../src/server/posts/orphan-sweep';
import { PostQueries } from '../../src/server/posts/post-queries';
import type { Post } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { localS3Available, startLocalS3, type LocalS3 } from '../support/local-s3';
import { adminToken, bearer, createPost, multipart } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';

const DAY_MS = 24 * 60 * 60 * 1000;
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#cc6633' } }).png().toBuffer();
const image = async () => ({ data: await png(1200, 600), filename: 'photo.png', type: 'image/png' });
const keyOf = (url: string) => /([0-9a-f]{32})\.webp/.exec(url)![1]!;

const suites = localS3Available() ? engines() : [];

describe.each(suites)('images in an S3 bucket on $name', ({ env }) => {
  let s3: LocalS3;
  let app: FastifyInstance;
  let config: Config;
  let token: string;
  const stored = async () => (await app.images.list()).map((entry) => entry.key);

  beforeAll(async () => {
    s3 = await startLocalS3();
    config = testConfig({ ...env, ...(await s3.env(`images-${randomBytes(4).toString('hex')}`)) });
    app = await buildApp(config);
    token = await adminToken(app);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    removeDataDir(config);
  });

  it('stores a post image in the bucket, not on disk, and streams it at /uploads/ with immutable caching and nosniff', async () => {
    const post = await createPost(app, token, { title: 'Bucket', body: 'b', image: await image() });
    expect(post.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(await stored()).toContain(keyOf(post.imageUrl!));
    for (const suffix of ['', '-800', '-400']) {
      const served = await app.inject({ method: 'GET', url: post.imageUrl!.replace('.webp', `${suffix}.webp`) });
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
      expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    const first = await app.inject({ method: 'GET', url: post.imageUrl! });
    const again = await app.inject({ method: 'GET', url: post.imageUrl!, headers: { 'if-none-match': first.headers.etag as string } });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
  });

  it('answers 404 JSON for names it never chose and for images not in the bucket', async () => {
    for (const url of ['/uploads/notes.txt', `/uploads/${'a'.repeat(32)}.webp`, `/uploads/${'a'.repeat(32)}-900.webp`]) {
      const response = await app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('removes the objects of a replaced image no revision names, and of a deleted post', async () => {
    const post = await createPost(app, token, { title: 'Goes', body: 'b', image: await image() });
    const key = keyOf(post.imageUrl!);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    expect(await stored()).not.toContain(key);
    expect((await app.inject({ method: 'GET', url: post.imageUrl! })).statusCode).toBe(404);
  });

  it('sweeps the bucket: unused content images go a day after upload, named ones stay', async () => {
    const upload = async () => {
      const { payload, headers } = await multipart({ image: await image() });
      return (await app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, ...bearer(token) } })).json<{ url: string }>();
    };
    const named = await upload();
    const unused = await upload();
    await createPost(app, token, { title: 'Names one', body: `![x](${named.url}#1200x600)` });
    const keys = () => new PostQueries(app.database).imageKeys();
    expect(await sweepOrphanImages(app.images, keys, Date.now() + DAY_MS / 2)).toEqual([]);
    const removed = await sweepOrphanImages(app.images, keys, Date.now() + 1.5 * DAY_MS);
    expect(removed).toContain(keyOf(unused.url));
    expect(removed).not.toContain(keyOf(named.url));
    expect(await stored()).toContain(keyOf(named.url));
    expect(await stored()).not.toContain(keyOf(unused.url));
  });

  it('records the size of an image stored before sizes were kept from its object in the bucket', async () => {
    const post = await createPost(app, token, { title: 'Older', body: 'b', image: await image() });
    const key = keyOf(post.imageUrl!);
    await app.database.db.deleteFrom('image_sizes').where('image_key', '=', key).execute();
    expect(await app.images.largest('f'.repeat(32))).toBeUndefined();
    expect(await recordMissingSizes(app.database.db, app.images, app.log)).toBe(1);
    expect(await app.database.db.selectFrom('image_sizes').selectAll().where('image_key', '=', key).execute()).toEqual([{ image_key: key, width: 1200, height: 600 }]);
  });
});

describe.each(suites.slice(0, 1))('image addresses with UPLOADS_PUBLIC_URL', () => {
  let s3: LocalS3;
  let app: FastifyInstance;
  let config: Config;

  beforeAll(async () => {
    s3 = await startLocalS3();
    config = testConfig({ ...(await s3.env('cdn-images')), UPLOADS_PUBLIC_URL: 'https://cdn.agency.test/img/' });
    app = await buildApp(config);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    removeDataDir(config);
  });

  it('points post images at the CDN, keeps /uploads/ in what content names, and still serves /uploads/', async () => {
    const token = await adminToken(app);
    const post = await createPost(app, token, { title: 'CDN', body: 'b', image: await image() });
    expect(post.imageUrl).toMatch(/^https:\/\/cdn\.agency\.test\/img\/[0-9a-f]{32}\.webp$/);
    const { payload, headers } = await multipart({ image: await image() });
    const inContent = (await app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, ...bearer(token) } })).json<{ url: string }>();
    expect(inContent.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect((await app.inject({ method: 'GET', url: `/uploads/${keyOf(post.imageUrl!)}.webp` })).statusCode).toBe(200);
    const listed = (await app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>();
    expect(listed[0]!.imageUrl).toBe(post.imageUrl);
  });

  it('answers 503 JSON when the bucket does not answer, and writes no post then', async () => {
    await s3.close();
    const response = await app.inject({ method: 'GET', url: `/uploads/${'b'.repeat(32)}.webp` });
    expect([response.statusCode, response.headers['retry-after']]).toEqual([503, '5']);
    expect(response.json()).toEqual({ message: expect.stringMatching(/image store/) });
    const token = await adminToken(app);
    const before = (await app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>().length;
    const { payload, headers } = await multipart({ title: 'Not now', body: 'b', image: await image() });
    const refused = await app.inject({ method: 'POST', url: '/api/posts', payload, headers: { ...headers, ...bearer(token) } });
    expect([refused.statusCode, refused.headers['retry-after'], refused.json()]).toEqual([503, '5', { message: expect.stringMatching(/image store/) }]);
    app.contentCache.drop();
    expect((await app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>()).toHaveLength(before);
  });
});
