import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Post } from '../../src/shared/api-types';
import type { Config } from '../../src/server/config';
import { engines } from '../support/engines';
import { MAX_REVISIONS } from '../../src/server/posts/revision-repository';
import { bearer, createPost, sendPostForm, type FormValue, usePostsTestApp } from '../support/posts-api';

const solid = (width: number, height: number, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } });
const png = (width: number, height: number) => solid(width, height).png().toBuffer();
const file = (data: Buffer, filename = 'photo.png', type = 'image/png'): FormValue => ({ data, filename, type });

/** A PNG whose header claims width × height but carries almost no pixel data: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = zlib.deflateSync(Buffer.alloc(1024 * 1024)); // compresses to ~1 KB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((colour) => solid(60, 40, colour).png().toBuffer()));
  return sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100, 100], loop: 0 }).toBuffer();
}

/** A camera-like JPEG: make, model, GPS position and a rotate-90° orientation flag. */
function jpegWithGps(): Promise<Buffer> {
  return solid(200, 100, '#888')
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** The EXIF tag 0x8825 points at the GPS block; either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe.each(engines())('post images on $name', ({ name, env }) => {
  const fixture = usePostsTestApp(env);
  let app: FastifyInstance;
  let config: Config;
  let token: string;
  let uploads: string;

  beforeAll(async () => {
    ({ app, config, token } = fixture);
    uploads = path.join(config.dataDir, 'uploads');
  });

  beforeEach(async () => {
    for (const entry of fs.readdirSync(uploads)) fs.rmSync(path.join(uploads, entry));
  });

  const storedFiles = () => fs.readdirSync(uploads).sort();
  const filesOf = (post: Post) => {
    const key = path.basename(post.imageUrl!, '.webp');
    return [`${key}-400.webp`, `${key}-800.webp`, `${key}.webp`];
  };
  const stored = (post: Post, suffix = '') => path.join(uploads, `${path.basename(post.imageUrl!, '.webp')}${suffix}.webp`);
  const create = (fields: Record<string, FormValue | FormValue[]>) => sendPostForm(app, 'POST', '/api/posts', token, { title: 'Post', body: 'b', ...fields });
  const postCount = async () => (await app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>().length;

  it('stores an uploaded image as WebP in three widths and serves it', async () => {
    const post = await createPost(app, token, { title: 'With image', body: 'b', image: file(await png(2400, 1200)) });
    expect(post.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(storedFiles()).toEqual(filesOf(post));
    const sizes = await Promise.all(['-400', '-800', ''].map(async (suffix) => sharp(stored(post, suffix)).metadata()));
    expect(sizes.map(({ format, width, height }) => [format, width, height])).toEqual([
      ['webp', 400, 200],
      ['webp', 800, 400],
      ['webp', 1600, 800],
    ]);

    for (const suffix of ['', '-800', '-400']) {
      const served = await app.inject({ method: 'GET', url: post.imageUrl!.replace('.webp', `${suffix}.webp`) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(served.headers['cache-control']).toMatch(/immutable/);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('never enlarges a small image, and keeps all three names', async () => {
    const post = await createPost(app, token, { title: 'Small', body: 'b', image: file(await png(300, 200)) });
    expect(storedFiles()).toEqual(filesOf(post));
    for (const suffix of ['', '-800', '-400']) expect((await sharp(stored(post, suffix)).metadata()).width).toBe(300);
  });

  it.each([
    ['JPEG', () => solid(640, 480).jpeg().toBuffer()],
    ['PNG', () => png(640, 480)],
    ['WebP', () => solid(640, 480).webp().toBuffer()],
    ['GIF', () => solid(640, 480).gif().toBuffer()],
    ['AVIF', () => solid(640, 480).avif().toBuffer()],
  ])('accepts %s', async (_type, make) => {
    const response = await create({ image: file(await make()) });
    expect(response.statusCode).toBe(201);
    expect((await sharp(stored(response.json<Post>())).metadata()).format).toBe('webp');
  });

  it('judges the type by content, not by name or declared type', async () => {
    const response = await create({ image: file(await png(100, 100), 'notes.txt', 'text/plain') });
    expect(response.statusCode).toBe(201);
  });

  it('keeps an animated GIF animated', async () => {
    const post = (await create({ image: file(await animatedGif(), 'anim.gif', 'image/gif') })).json<Post>();
    for (const suffix of ['', '-800', '-400']) {
      const metadata = await sharp(stored(post, suffix)).metadata();
      expect([metadata.format, metadata.pages]).toEqual(['webp', 3]);
    }
  });

  it('strips EXIF, GPS included, after applying its orientation', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(hasGpsPointer(before.exif!)).toBe(true);
    expect(before.exif!.toString('latin1')).toContain('SpyCam');

    const post = (await create({ image: file(input, 'IMG_0001.jpg', 'image/jpeg') })).json<Post>();
    for (const suffix of ['', '-800', '-400']) {
      const bytes = fs.readFileSync(stored(post, suffix));
      const after = await sharp(bytes).metadata();
      expect([after.exif, after.xmp, after.iptc, after.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      expect(bytes.toString('latin1')).not.toContain('SpyCam');
      expect(bytes.includes(Buffer.from('EXIF', 'latin1'))).toBe(false);
    }
    // Orientation 6 means "rotate 90°": the stored copy stands upright.
    const upright = await sharp(stored(post)).metadata();
    expect([upright.width, upright.height]).toEqual([100, 200]);
  });

  describe('hostile files', () => {
    const cases: [string, () => Promise<FormValue>, number][] = [
      ['text named .png', async () => file(Buffer.from('just some text, honest'), 'cat.png', 'image/png'), 415],
      ['HTML named .png', async () => file(Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), 'cat.png', 'image/png'), 415],
      [
        'SVG with a script',
        async () => file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'),
        415,
      ],
      ['SVG named .png', async () => file(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png'), 415],
      ['a TIFF (readable, but not one of the five)', async () => file(await solid(50, 50).tiff().toBuffer(), 'x.tiff', 'image/tiff'), 415],
      ['a PNG signature followed by HTML', async () => file(Buffer.concat([(await png(10, 10)).subarray(0, 8), Buffer.from('<html><script>x</script>')])), 415],
      ['a truncated PNG', async () => file((await png(800, 600)).subarray(0, 200)), 415],
      ['a JPEG header and garbage', async () => file(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]), 'x.jpg', 'image/jpeg'), 415],
      ['an empty file with a name', async () => file(Buffer.alloc(0), 'empty.png'), 415],
      ['6 MB', async () => file(Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024)])), 413],
      ['one byte over 5 MB', async () => file(Buffer.alloc(5 * 1024 * 1024 + 1, 1)), 413],
      ['a PNG header claiming 20000×20000', async () => file(pngClaiming(20000, 20000)), 413],
      ['a PNG header claiming 16000×16000 (under the decoder default)', async () => file(pngClaiming(16000, 16000)), 413],
    ];

    it.each(cases)('refuses %s with a JSON message, storing nothing', async (_name, make, status) => {
      const response = await create({ image: await make() });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await postCount()).toBe(0);
      expect(storedFiles()).toEqual([]);
    });

    it('refuses two images, or a file in another field, with 400', async () => {
      const image = file(await png(20, 20));
      const two = await create({ image: [image, image] });
      expect(two.statusCode).toBe(400);
      expect(two.json()).toEqual({ message: 'Send at most one image.' });
      const elsewhere = await create({ attachment: image });
      expect(elsewhere.statusCode).toBe(400);
      expect(await postCount()).toBe(0);
      expect(storedFiles()).toEqual([]);
    });

    it('treats an empty, nameless file part (an untouched file input) as no image', async () => {
      const response = await create({ image: { data: Buffer.alloc(0), filename: '', type: 'application/octet-stream' } });
      expect(response.statusCode).toBe(201);
      expect(response.json<Post>().imageUrl).toBeNull();
    });

    it('serves only names the server chose from the uploads folder', async () => {
      const post = await createPost(app, token, { title: 'Served', body: 'b', image: file(await png(50, 50)) });
      fs.writeFileSync(path.join(uploads, 'evil.html'), '<script>alert(1)</script>');
      fs.writeFileSync(path.join(uploads, `.${path.basename(post.imageUrl!)}.partial`), 'half');
      for (const url of ['/uploads/evil.html', `/uploads/.${path.basename(post.imageUrl!)}.partial`, '/uploads/../site.db', '/uploads/%2e%2e/site.db', '/uploads/', '/uploads/nope.webp']) {
        const response = await app.inject({ method: 'GET', url });
        expect([url, response.statusCode]).toEqual([url, 404]);
      }
    });
  });

  describe('consistency', () => {
    it('replaces the image on update, keeping the old files while the history names them', async () => {
      const post = await createPost(app, token, { title: 'Replace', body: 'b', image: file(await png(500, 500)) });
      const response = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Replace', body: 'c', image: file(await png(900, 300)) });
      expect(response.statusCode).toBe(200);
      const updated = response.json<Post>();
      expect(updated.imageUrl).not.toBe(post.imageUrl);
      expect(storedFiles()).toEqual([...filesOf(post), ...filesOf(updated)].sort());
      // Restoring the earlier version brings its image back.
      const revisions = (await app.inject({ method: 'GET', url: `/api/posts/id/${post._id}/revisions`, headers: bearer(token) })).json<{ _id: string }[]>();
      const restored = await app.inject({ method: 'POST', url: `/api/posts/id/${post._id}/revisions/${revisions[0]!._id}/restore`, headers: bearer(token) });
      expect(restored.json<Post>().imageUrl).toBe(post.imageUrl);
      expect((await app.inject({ method: 'GET', url: post.imageUrl! })).statusCode).toBe(200);
    });

    it('keeps the image of the oldest version when restoring it is what pushes it out of the history', async () => {
      const post = await createPost(app, token, { title: 'Oldest', body: 'v0', image: file(await png(300, 200)) });
      await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Oldest', body: 'v1', image: file(await png(200, 300)) });
      for (let i = 2; i <= MAX_REVISIONS; i++) await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Oldest', body: `v${i}` });
      const revisions = (await app.inject({ method: 'GET', url: `/api/posts/id/${post._id}/revisions`, headers: bearer(token) })).json<{ _id: string; imageUrl: string }[]>();
      expect(revisions).toHaveLength(MAX_REVISIONS);
      expect(revisions.at(-1)!.imageUrl).toBe(post.imageUrl);
      const restored = await app.inject({ method: 'POST', url: `/api/posts/id/${post._id}/revisions/${revisions.at(-1)!._id}/restore`, headers: bearer(token) });
      expect(restored.json<Post>().imageUrl).toBe(post.imageUrl);
      expect((await app.inject({ method: 'GET', url: post.imageUrl! })).statusCode).toBe(200);
      expect(storedFiles()).toEqual(expect.arrayContaining(filesOf(post)));
    });

    it('removes the files of the post and of its history with the post', async () => {
      const post = await createPost(app, token, { title: 'Replace then delete', body: 'b', image: file(await png(500, 500)) });
      await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Replace then delete', body: 'c', image: file(await png(900, 300)) });
      expect((await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(token) })).statusCode).toBe(200);
      expect(storedFiles()).toEqual([]);
      expect((await app.inject({ method: 'GET', url: post.imageUrl! })).statusCode).toBe(404);
    });

    it("keeps a deleted post's image while another post's text shows it", async () => {
      const owner = await createPost(app, token, { title: 'Owner of the image', body: 'b', image: file(await png(500, 500)) });
      const borrower = await createPost(app, token, { title: 'Borrower', body: `Look:\n\n![The same photo](${owner.imageUrl!.replace(/^https?:\/\/[^/]+/, '')})` });
      expect((await app.inject({ method: 'DELETE', url: `/api/posts/${owner._id}`, headers: bearer(token) })).statusCode).toBe(200);
      expect(storedFiles()).toEqual(filesOf(owner));
      expect((await app.inject({ method: 'GET', url: owner.imageUrl! })).statusCode).toBe(200);
      // Once nothing names it, the next removal asked for it takes the files.
      expect((await app.inject({ method: 'DELETE', url: `/api/posts/${borrower._id}`, headers: bearer(token) })).statusCode).toBe(200);
      await app.images.remove(path.basename(owner.imageUrl!, '.webp'));
      expect(storedFiles()).toEqual([]);
    });

    it('keeps the image when an update sends none', async () => {
      const post = await createPost(app, token, { title: 'Keep', body: 'b', image: file(await png(500, 500)) });
      const updated = (await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Keep', body: 'c' })).json<Post>();
      expect(updated.imageUrl).toBe(post.imageUrl);
      expect(storedFiles()).toEqual(filesOf(post));
    });

    it('adds an image to a post that had none', async () => {
      const post = await createPost(app, token, { title: 'Add', body: 'b' });
      const updated = (await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Add', body: 'b', image: file(await png(50, 50)) })).json<Post>();
      expect(storedFiles()).toEqual(filesOf(updated));
    });

    it('removes the files with the post', async () => {
      const post = await createPost(app, token, { title: 'Delete', body: 'b', image: file(await png(500, 500)) });
      const response = await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(storedFiles()).toEqual([]);
    });

    it('keeps post and files when a replacement image is refused', async () => {
      const post = await createPost(app, token, { title: 'Stay', body: 'b', image: file(await png(500, 500)) });
      const response = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Changed', body: 'c', image: file(Buffer.from('<svg/>'), 'x.svg') });
      expect(response.statusCode).toBe(415);
      expect((await app.inject({ method: 'GET', url: '/api/posts/stay' })).json()).toEqual({ ...post, html: '<p>b</p>' });
      expect(storedFiles()).toEqual(filesOf(post));
    });

    it('leaves no files when the update of an unknown post carries an image', async () => {
      const response = await sendPostForm(app, 'PUT', '/api/posts/00000000-0000-0000-0000-000000000000', token, { title: 't', body: 'b', image: file(await png(50, 50)) });
      expect(response.statusCode).toBe(404);
      expect(storedFiles()).toEqual([]);
    });

    it('removes the new files when the database refuses the write', async () => {
      const post = await createPost(app, token, { title: 'Old', body: 'b', image: file(await png(60, 60)) });
      await failWrites(app, name);
      try {
        const created = await create({ image: file(await png(50, 50)) });
        expect(created.statusCode).toBe(500);
        expect(created.json()).toEqual({ message: expect.any(String) });
        const updated = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'New', body: 'c', image: file(await png(70, 70)) });
        expect(updated.statusCode).toBe(500);
      } finally {
        await allowWrites(app, name);
      }
      expect(storedFiles()).toEqual(filesOf(post));
      const list = (await app.inject({ method: 'GET', url: '/api/posts' })).json() as { _id: string }[];
      expect(list.map(({ _id }) => _id)).toEqual([post._id]);
      expect((await app.inject({ method: 'GET', url: `/api/posts/${post.slug}` })).json()).toEqual({ ...post, html: '<p>b</p>' });
    });
  });
});

/** Makes the database refuse every insert and update of posts, as a full disk or a lost connection would. */
async function failWrites(app: FastifyInstance, engine: string): Promise<void> {
  const db = app.database.db;
  if (engine === 'sqlite') {
    await sql`CREATE TRIGGER posts_fail_insert BEFORE INSERT ON posts BEGIN SELECT RAISE(ABORT, 'injected failure'); END`.execute(db);
    await sql`CREATE TRIGGER posts_fail_update BEFORE UPDATE ON posts BEGIN SELECT RAISE(ABORT, 'injected failure'); END`.execute(db);
  } else {
    await sql`CREATE FUNCTION posts_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`.execute(db);
    await sql`CREATE TRIGGER posts_fail BEFORE INSERT OR UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION posts_fail()`.execute(db);
  }
}

async function allowWrites(app: FastifyInstance, engine: string): Promise<void> {
  const db = app.database.db;
  if (engine === 'sqlite') {
    await sql`DROP TRIGGER posts_fail_insert`.execute(db);
    await sql`DROP TRIGGER posts_fail_update`.execute(db);
  } else {
    await sql`DROP TRIGGER posts_fail ON posts`.execute(db);
    await sql`DROP FUNCTION posts_fail()`.execute(db);
  }
}
