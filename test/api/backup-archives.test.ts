import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { pack as tarPack } from 'tar-stream';
import { buildApp } from '../../src/server/app';
import { imageFilesOf } from '../../src/server/backup/image-files';
import { ArchiveError } from '../../src/server/backup/read-archive';
import { restoreArchive, TargetNotEmptyError } from '../../src/server/backup/restore-archive';
import { takeBackup } from '../../src/server/backup/take-backup';
import type { Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { engines } from '../support/engines';
import { adminToken, createPost } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';
import { siteEnv } from './backup-helpers';

/** The entries of a gzipped tar archive, each as bytes. */
function entriesOf(file: string): Map<string, Buffer> {
  const tar = zlib.gunzipSync(fs.readFileSync(file));
  const entries = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const name = tar.subarray(offset, offset + 100).toString('utf8').replace(/\0.*$/s, '');
    if (!name) break;
    const size = parseInt(tar.subarray(offset + 124, offset + 136).toString('utf8').replace(/\0.*$/s, '').trim(), 8);
    entries.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

async function writeTarGz(file: string, entries: [string, Buffer][]): Promise<void> {
  const pack = tarPack();
  const done = pipeline(pack, zlib.createGzip(), fs.createWriteStream(file));
  for (const [name, data] of entries) await new Promise<void>((resolve, reject) => pack.entry({ name, size: data.length }, data, (error) => (error ? reject(error) : resolve())));
  pack.finalize();
  await done;
}

jest.setTimeout(120_000);

describe.each(engines())('archives that are not whole backups, restoring into $name', ({ name: engine }) => {
  let source: Config;
  let target: Config;
  let archive: string;
  let work: string;

  beforeAll(async () => {
    source = testConfig();
    const app = await buildApp(source);
    try {
      const token = await adminToken(app);
      await createPost(app, token, { title: 'The original', body: 'Text.' });
    } finally {
      await app.close();
    }
    const database = await openDatabase(source);
    try {
      archive = (await takeBackup(source, database)).location;
    } finally {
      await database.close();
    }
    work = path.dirname(archive);
  }, 60_000);
  afterAll(() => removeDataDir(source));

  /** A target site with a post of its own, which a refused restore must leave as it was. */
  beforeEach(async () => {
    target = testConfig(siteEnv(engine, { SECRETS_KEY: 'k'.repeat(32) }));
    const app = await buildApp(target);
    try {
      await createPost(app, await adminToken(app), { title: 'Still here', body: 'Text.' });
    } finally {
      await app.close();
    }
    target = { ...target, secretsKey: undefined };
  }, 60_000);
  afterEach(() => removeDataDir(target));

  async function restore(file: string, force = true) {
    const images = imageFilesOf(target);
    try {
      return await restoreArchive(file, { config: target, images, force });
    } finally {
      images.close();
    }
  }

  async function expectUnchanged() {
    const database = await openDatabase(target);
    try {
      expect(await database.db.selectFrom('posts').select('title').execute()).toEqual([{ title: 'Still here' }]);
    } finally {
      await database.close();
    }
  }

  it('refuses a cut-off archive, even with --force, and changes nothing', async () => {
    const bytes = fs.readFileSync(archive);
    const cut = path.join(work, 'cut.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(restore(cut)).rejects.toThrow(/cut short/);
    await expectUnchanged();
  });

  it('refuses an archive whose bytes were damaged', async () => {
    const bytes = Buffer.from(fs.readFileSync(archive));
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = path.join(work, 'damaged.tar.gz');
    fs.writeFileSync(damaged, bytes);
    await expect(restore(damaged)).rejects.toThrow(ArchiveError);
    await expectUnchanged();
  });

  it('refuses an archive whose data was changed behind its checksums', async () => {
    const entries = entriesOf(archive);
    const posts = entries.get('data/posts.jsonl')!.toString().replace('The original', 'The forgery!');
    const forged = path.join(work, 'forged.tar.gz');
    await writeTarGz(forged, [...entries].map(([name, data]) => [name, name === 'data/posts.jsonl' ? Buffer.from(posts) : data]));
    await expect(restore(forged)).rejects.toThrow('is damaged: data/posts.jsonl does not match its checksum');
    await expectUnchanged();
  });

  it('refuses foreign files: not an archive, another program\'s archive, a newer format', async () => {
    const text = path.join(work, 'notes.tar.gz');
    fs.writeFileSync(text, 'just some notes');
    await expect(restore(text)).rejects.toThrow('is not a backup of this site (it is not a gzipped tar archive)');

    const other = path.join(work, 'other.tar.gz');
    await writeTarGz(other, [['etc/passwd', Buffer.from('root:x:0:0')]]);
    await expect(restore(other)).rejects.toThrow('it holds "etc/passwd", which no backup writes');

    const entries = entriesOf(archive);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    const newer = path.join(work, 'newer.tar.gz');
    await writeTarGz(newer, [...entries].map(([name, data]) => [name, name === 'manifest.json' ? Buffer.from(JSON.stringify({ ...manifest, formatVersion: 2 })) : data]));
    await expect(restore(newer)).rejects.toThrow('was written by a newer version of the site');

    await expect(restore(path.join(work, 'missing.tar.gz'))).rejects.toThrow('There is no file');
    await expectUnchanged();
  });

  it('leaves the old site whole when a restore over it fails midway (an entry bad in a way only loading finds)', async () => {
    const entries = entriesOf(archive);
    // The last table's data, loaded after the posts: one row too short, its checksum made to match.
    const last = [...entries.keys()].filter((name) => name.startsWith('data/')).at(-1)!;
    const bad = Buffer.concat([entries.get(last)!, Buffer.from('["only one column"]\n')]);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as { files: Record<string, { size: number; sha256: string }> };
    manifest.files[last] = { size: bad.length, sha256: createHash('sha256').update(bad).digest('hex') };
    const late = path.join(work, 'late.tar.gz');
    await writeTarGz(late, [...entries].map(([name, data]) => [name, name === last ? bad : name === 'manifest.json' ? Buffer.from(JSON.stringify(manifest)) : data]));
    await expect(restore(late)).rejects.toThrow(/does not have the table's \d+ columns/);
    await expectUnchanged();
    // Nothing of the attempt is left beside the site.
    if (engine === 'sqlite') expect(fs.readdirSync(target.dataDir).filter((name) => name.startsWith('.restoring-'))).toEqual([]);
    else {
      const database = await openDatabase(target);
      try {
        const { rows } = await sql<{ name: string }>`SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE ${`${target.databaseSchema}_%`}`.execute(database.db);
        expect(rows).toEqual([]);
      } finally {
        await database.close();
      }
    }
  });

  it('refuses to replace a site without force, and replaces it with force', async () => {
    await expect(restore(archive, false)).rejects.toThrow(TargetNotEmptyError);
    await expectUnchanged();
    await restore(archive, true);
    const database = await openDatabase(target);
    try {
      expect(await database.db.selectFrom('posts').select('title').execute()).toEqual([{ title: 'The original' }]);
    } finally {
      await database.close();
    }
  });
});
