import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Post } from '../../src/shared/api-types';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { engines } from '../support/engines';
import { adminToken, createPost, type FormValue } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';

const solid = (width: number, height: number, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } });
const png = (width: number, height: number) => solid(width, height).png().toBuffer();
const imageField = (data: Buffer, filename = 'photo.png', type = 'image/png'): FormValue => ({ data, filename, type });

describe.each(engines())('post images on $name', ({ env }) => {
  let app: FastifyInstance;
  let config: Config;
  let token: string;
  let uploads: string;

  beforeAll(async () => {
    config = testConfig(env);
    app = await buildApp(config);
    token = await adminToken(app);
    uploads = path.join(config.dataDir, 'uploads');
  });

  afterAll(async () => {
    await app.close();
    removeDataDir(config);
  });

  beforeEach(async () => {
    await app.database.db.deleteFrom('posts').execute();
    for (const name of fs.readdirSync(uploads)) fs.rmSync(path.join(uploads, name));
  });

  const storedFiles = () => fs.readdirSync(uploads).sort();
  const filesOf = (post: Post) => {
    const name = path.basename(post.imageUrl!, '.webp');
    return [`${name}-400.webp`, `${name}-800.webp`, `${name}.webp`];
  };

  it('stores an uploaded image as WebP in three widths and serves it', async () => {
    const post = await createPost(app, token, { title: 'With image', body: 'b', image: imageField(await png(2400, 1200)) });
    expect(post.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(storedFiles()).toEqual(filesOf(post));
    const widths = await Promise.all(filesOf(post).map(async (name) => (await sharp(path.join(uploads, name)).metadata()).width));
    expect(widths).toEqual([400, 800, 1600]);

    const served = await app.inject({ method: 'GET', url: post.imageUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });
});
