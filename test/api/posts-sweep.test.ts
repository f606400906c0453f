import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app';
import { ORPHAN_MIN_AGE_MS, sweepOrphanImages } from '../../src/server/posts/orphan-sweep';
import { IMAGE_VARIANTS } from '../../src/server/storage/image-storage';
import { LocalImageStorage } from '../../src/server/storage/local-image-storage';
import { engines } from '../support/engines';
import { adminToken, createPost } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';

const files = () => IMAGE_VARIANTS.map(({ suffix }) => ({ suffix, data: Buffer.from(`webp${suffix}`) }));
const age = (directory: string, key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  for (const name of fs.readdirSync(directory).filter((entry) => entry.includes(key))) fs.utimesSync(path.join(directory, name), when, when);
};

describe('orphan image sweep', () => {
  let directory: string;
  let storage: LocalImageStorage;
  const config = testConfig();

  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(config.dataDir, 'uploads-'));
    storage = new LocalImageStorage(directory);
  });

  afterAll(() => removeDataDir(config));

  it('removes old files no post refers to, and spares referenced and recent ones', async () => {
    const referenced = await storage.save(files());
    const oldOrphan = await storage.save(files());
    const youngOrphan = await storage.save(files());
    age(directory, referenced, 2 * ORPHAN_MIN_AGE_MS);
    age(directory, oldOrphan, 2 * ORPHAN_MIN_AGE_MS);
    age(directory, youngOrphan, ORPHAN_MIN_AGE_MS / 2);

    const removed = await sweepOrphanImages(storage, async () => new Set([referenced]));
    expect(removed).toEqual([oldOrphan]);
    const left = fs.readdirSync(directory);
    expect(left.filter((name) => name.startsWith(oldOrphan))).toEqual([]);
    expect(left.filter((name) => name.startsWith(referenced))).toHaveLength(3);
    expect(left.filter((name) => name.startsWith(youngOrphan))).toHaveLength(3);
  });

  it('removes what a crash left half-written', async () => {
    const key = 'ab'.repeat(16);
    fs.writeFileSync(path.join(directory, `.${key}-800.webp.partial`), 'half');
    fs.writeFileSync(path.join(directory, `${key}.webp`), 'whole');
    age(directory, key, 2 * ORPHAN_MIN_AGE_MS);
    expect(await sweepOrphanImages(storage, async () => new Set())).toEqual([key]);
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  it('leaves files that are not images of ours alone', async () => {
    fs.writeFileSync(path.join(directory, 'README.txt'), 'owner notes');
    age(directory, 'README', 2 * ORPHAN_MIN_AGE_MS);
    expect(await sweepOrphanImages(storage, async () => new Set())).toEqual([]);
    expect(fs.readdirSync(directory)).toEqual(['README.txt']);
  });
});

describe.each(engines())('sweep at start on $name', ({ env }) => {
  it('cleans what an interrupted write left, keeping every post image', async () => {
    const config = testConfig(env);
    try {
      const uploads = path.join(config.dataDir, 'uploads');
      let app = await buildApp(config);
      const token = await adminToken(app);
      const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#abc' } }).png().toBuffer();
      const post = await createPost(app, token, { title: 'Kept', body: 'b', image: { data: image, filename: 'a.png', type: 'image/png' } });
      // Files of a write that crashed before its row was committed.
      const orphan = await app.images.save(files());
      await app.close();
      const postKey = path.basename(post.imageUrl!, '.webp');
      age(uploads, postKey, 2 * ORPHAN_MIN_AGE_MS);
      age(uploads, orphan, 2 * ORPHAN_MIN_AGE_MS);

      app = await buildApp(config);
      await app.ready();
      const left = fs.readdirSync(uploads).sort();
      expect(left).toEqual([`${postKey}-400.webp`, `${postKey}-800.webp`, `${postKey}.webp`]);
      expect((await app.inject({ method: 'GET', url: post.imageUrl! })).statusCode).toBe(200);
      await app.close();
    } finally {
      removeDataDir(config);
    }
  });
});
