import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { imageFilesOf } from '../../src/server/backup/image-files';
import { restoreArchive } from '../../src/server/backup/restore-archive';
import { takeBackup } from '../../src/server/backup/take-backup';
import type { Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { createPost } from '../support/posts-api';
import { localS3Available, startLocalS3, type LocalS3 } from '../support/local-s3';
import { removeDataDir, testConfig } from '../support/test-config';
import { newSecretsKey, passkeySignIn, seedSite, signIn, siteEnv, snapshot } from './backup-helpers';

type EngineName = 'sqlite' | 'postgres';
const postgres = Boolean(process.env.DATABASE_URL);
const trips: { from: EngineName; to: EngineName; bucket?: boolean }[] = [
  { from: 'sqlite', to: 'sqlite' },
  ...(postgres
    ? ([
        { from: 'postgres', to: 'postgres' },
        { from: 'sqlite', to: 'postgres', bucket: true },
        { from: 'postgres', to: 'sqlite' },
      ] as const)
    : []),
];

let s3: LocalS3 | undefined;
beforeAll(async () => {
  if (localS3Available()) s3 = await startLocalS3();
});
afterAll(() => s3?.close());

async function backUp(config: Config): Promise<string> {
  const database = await openDatabase(config);
  try {
    return (await takeBackup(config, database)).location;
  } finally {
    await database.close();
  }
}

describe.each(trips)('a backup from $from restores into $to', ({ from, to, bucket }) => {
  const configs: Config[] = [];
  afterEach(() => configs.splice(0).forEach(removeDataDir));

  it('serves the same posts, revisions, tags, search, accounts, passkeys, messages and images', async () => {
    if (bucket && !s3) return;
    const bucketEnv = async (name: string) => (bucket && s3 ? await s3.env(`${name}-${Date.now()}`) : {});
    const source = testConfig({ ...siteEnv(from, newSecretsKey()), ...(await bucketEnv('source')), CONTACT_DELIVERY: 'server', ALLOW_REGISTRATION: 'true' });
    configs.push(source);
    let app = await buildApp(source);
    let before: Record<string, unknown>;
    let seeded;
    try {
      seeded = await seedSite(app);
      before = await snapshot(app, await signIn(app, seeded.secret), seeded.posts);
    } finally {
      await app.close();
    }
    const archive = await backUp(source);
    expect(path.basename(archive)).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);

    const target = testConfig({ ...siteEnv(to), ...(await bucketEnv('target')), CONTACT_DELIVERY: 'server' });
    configs.push(target);
    const images = imageFilesOf(target);
    try {
      const manifest = await restoreArchive(archive, { config: target, images });
      expect(manifest).toMatchObject({ engine: from, images: 3, signingKey: false });
    } finally {
      images.close();
    }

    app = await buildApp(target);
    try {
      // The signing key stayed behind: the owner signs in again, and the authenticator app still opens.
      const token = await signIn(app, seeded.secret, 1);
      expect(await snapshot(app, token, seeded.posts)).toEqual(before);
      expect(await passkeySignIn(app, seeded.device)).toBe(200);
      // The restored site goes on: a new post joins the search beside the restored ones.
      await createPost(app, token, { title: 'After the move, zanzibar again', body: 'New.' });
      const found = await app.inject({ method: 'GET', url: '/api/search?q=zanzibar' });
      expect(found.json<{ results: { post: { title: string } }[] }>().results.map((result) => result.post.title).sort()).toEqual(['After the move, zanzibar again', 'Moving house with a zanzibar']);
    } finally {
      await app.close();
    }
    if (!bucket) expect(fs.readdirSync(path.join(target.dataDir, 'uploads')).filter((name) => name.endsWith('.webp'))).toHaveLength(3);
  }, 120_000);
});
