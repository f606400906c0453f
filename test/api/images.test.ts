import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Post } from '../../src/shared/api-types';
import { sweepOrphanImages } from '../../src/server/posts/orphan-sweep';
import { PostQueries } from '../../src/server/posts/post-queries';
import { engines } from '../support/engines';
import { bearer, createPost, multipart, sendPostForm, usePostsTestApp } from '../support/posts-api';

interface Uploaded {
  url: string;
  width: number;
  height: number;
  alt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

describe.each(engines())('POST /api/images on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const uploadsDir = () => path.join(fixture.config.dataDir, 'uploads');
  const fileOf = (url: string, suffix = '') => path.join(uploadsDir(), path.basename(url).replace(/\.webp$/, `${suffix}.webp`));
  const upload = async (data: Buffer, type = 'image/png', token: string | null = fixture.token) => {
    const { payload, headers } = await multipart({ image: { data, filename: 'picture', type } });
    return fixture.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
  };
  const keys = () => new PostQueries(fixture.app.database).imageKeys();
  const keyOf = (image: Uploaded) => path.basename(image.url, '.webp');
  const webpFiles = () => fs.readdirSync(uploadsDir()).filter((name) => name.endsWith('.webp')).length;
  const uploaded = async (width = 1200, height = 800) => (await upload(await solid(width, height).png().toBuffer())).json<Uploaded>();

  it('stores the WebP with its 400 and 800 px versions and answers 201 with its address and size', async () => {
    const response = await upload(await solid(2000, 1000).png().toBuffer());
    expect(response.statusCode).toBe(201);
    const image = response.json<Uploaded>();
    expect(image).toEqual({ url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/), width: 1600, height: 800, alt: '' });
    for (const [suffix, width] of [['', 1600], ['-800', 800], ['-400', 400]] as const) {
      expect((await sharp(fileOf(image.url, suffix)).metadata()).width).toBe(width);
    }
    const served = await fixture.app.inject({ method: 'GET', url: image.url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('strips the metadata of a camera photo and stands it upright', async () => {
    const photo = await solid(200, 100).withExif({ IFD0: { Make: 'SpyCam' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const image = (await upload(photo, 'image/jpeg')).json<Uploaded>();
    const stored = await sharp(fileOf(image.url)).metadata();
    expect([stored.exif, stored.width, stored.height]).toEqual([undefined, 100, 200]);
    expect([image.width, image.height]).toEqual([100, 200]);
  });

  it('answers 401 without a token, 415 for what is not an image or not a form, 413 over 5 MB, 400 without the field', async () => {
    const before = webpFiles();
    expect((await upload(await solid(10, 10).png().toBuffer(), 'image/png', null)).statusCode).toBe(401);
    const text = await upload(Buffer.from('not an image at all'), 'image/png');
    expect([text.statusCode, text.json<{ message: string }>().message]).toEqual([415, expect.stringMatching(/JPEG, PNG, WebP, GIF or AVIF/)]);
    const json = await fixture.app.inject({ method: 'POST', url: '/api/images', payload: { image: 'x' }, headers: bearer(fixture.token) });
    expect(json.statusCode).toBe(415);
    const large = await upload(Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(5 * 1024 * 1024 + 1)]));
    expect(large.statusCode).toBe(413);
    const { payload, headers } = await multipart({ title: 'no image' });
    const empty = await fixture.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, ...bearer(fixture.token) } });
    expect([empty.statusCode, empty.json<{ message: string }>().message]).toEqual([400, 'Send the image in the field "image".']);
    expect(webpFiles()).toBe(before);
  });

  it('sweeps a day after upload only the images nothing names: a draft’s, a published post’s and an earlier version’s stay', async () => {
    const inDraft = await uploaded();
    const inPost = await uploaded();
    const inHistory = await uploaded();
    const unused = await uploaded();
    await createPost(fixture.app, fixture.token, { title: 'Draft', body: `![chart](${inDraft.url}#1200x800)`, status: 'draft' });
    const post = await createPost(fixture.app, fixture.token, { title: 'Live', body: `Text\n\n![a](${inPost.url})\n\n![b](${inHistory.url})` });
    await sendPostForm(fixture.app, 'PUT', `/api/posts/${post._id}`, fixture.token, { title: 'Live', body: `Text\n\n![a](${inPost.url})` });

    // Within the day nothing goes, named or not.
    expect(await sweepOrphanImages(fixture.app.images, keys, Date.now() + DAY_MS / 2)).toEqual([]);
    // After it, the unused one goes (with what earlier tests uploaded), and no named one.
    const removed = await sweepOrphanImages(fixture.app.images, keys, Date.now() + 1.5 * DAY_MS);
    expect(removed).toContain(keyOf(unused));
    for (const image of [inDraft, inPost, inHistory]) expect(removed).not.toContain(keyOf(image));
    for (const image of [inDraft, inPost, inHistory]) expect(fs.existsSync(fileOf(image.url))).toBe(true);
    expect(fs.existsSync(fileOf(unused.url))).toBe(false);
  });

  it('lets the sweep take a deleted post’s content images', async () => {
    const image = await uploaded();
    const post = await createPost(fixture.app, fixture.token, { title: 'Gone soon', body: `![x](${image.url})` });
    expect(await sweepOrphanImages(fixture.app.images, keys, Date.now() + 2 * DAY_MS)).not.toContain(keyOf(image));
    await fixture.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(fixture.token) });
    expect(await sweepOrphanImages(fixture.app.images, keys, Date.now() + 2 * DAY_MS)).toEqual([keyOf(image)]);
    expect((await fixture.app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>()).toEqual([]);
  });
});
