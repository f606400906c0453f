import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { pack as tarPack } from 'tar-stream';
import packageJson from '../../../package.json';
import type { Database } from '../db/database';
import { dataEntry, FORMAT, FORMAT_VERSION, imageEntry, MANIFEST, SECRETS_KEY_ENTRY, SIGNING_KEY_ENTRY, type Manifest } from './archive-format';
import type { ImageFiles } from './image-files';
import { listTables, type Table } from './table-catalog';
import { tablePages } from './table-pages';
import { encodeValue } from './value-codec';

export interface BackupSource {
  database: Database;
  images: ImageFiles;
  /** The secrets key always travels (authenticator apps must keep working); the signing key only when asked. */
  secrets: { secretsKey: string | undefined; signingKey?: string };
  /** Told what is being done, on long work. */
  progress?: (message: string) => void;
  now?: () => Date;
}

/** Images read ahead of the archive, so that a bucket's latency overlaps the writing. */
const READ_AHEAD = 8;
const PROGRESS_EVERY = 500;

/**
 * Writes one backup archive to `file` (archive-format.ts): the data of every table, read in one
 * snapshot page by page into files beside it, then packed with the images and the manifest.
 * Written under a temporary name and renamed at the end, so a half backup never looks whole.
 */
export async function writeArchive(file: string, source: BackupSource): Promise<Manifest> {
  const { database, images, progress = () => undefined } = source;
  const createdAt = (source.now?.() ?? new Date()).toISOString();
  const work = await fsp.mkdtemp(path.join(path.dirname(file), '.backup-'));
  const partial = `${file}.partial`;
  try {
    const files: Manifest['files'] = {};
    const { migrations, tables } = await dumpTables(database, work, files, progress);

    const pack = tarPack();
    const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    const add = async (name: string, body: Readable | Buffer, size: number) => {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, pack.entry({ name, size, mode: 0o600, mtime: new Date(createdAt) }));
    };
    for (const table of tables) {
      const name = dataEntry(table.name);
      await add(name, fs.createReadStream(path.join(work, `${table.name}.jsonl`)), files[name]!.size);
    }
    let count = 0;
    for await (const [name, data] of readAhead(images)) {
      const entry = imageEntry(name);
      files[entry] = { size: data.length, sha256: sha256(data) };
      await add(entry, data, data.length);
      if (++count % PROGRESS_EVERY === 0) progress(`  images: ${count} copied`);
    }
    for (const [entry, value] of [
      [SECRETS_KEY_ENTRY, source.secrets.secretsKey],
      [SIGNING_KEY_ENTRY, source.secrets.signingKey],
    ] as const) {
      if (value === undefined) continue;
      const data = Buffer.from(value, 'utf8');
      files[entry] = { size: data.length, sha256: sha256(data) };
      await add(entry, data, data.length);
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      version: packageJson.version,
      createdAt,
      engine: database.engine,
      migrations,
      tables: tables.map(({ name, rows }) => ({ name, rows })),
      images: count,
      signingKey: source.secrets.signingKey !== undefined,
      files,
    };
    const body = Buffer.from(JSON.stringify(manifest, null, 2));
    await add(MANIFEST, body, body.length);
    pack.finalize();
    await written;
    await fsp.rename(partial, file);
    return manifest;
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** Every table into work/<table>.jsonl, in one consistent snapshot of the database. */
async function dumpTables(database: Database, work: string, files: Manifest['files'], progress: (message: string) => void) {
  const run = database.engine === 'postgres' ? database.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only') : database.db.transaction();
  return run.execute(async (trx) => {
    const migrations = (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(trx)).rows.map((row) => row.name);
    const tables: (Table & { rows: number })[] = [];
    for (const table of await listTables(trx, database)) {
      const name = dataEntry(table.name);
      const out = fs.createWriteStream(path.join(work, `${table.name}.jsonl`), { mode: 0o600 });
      const hash = createHash('sha256');
      let size = 0;
      const write = async (line: string) => {
        const chunk = Buffer.from(`${line}\n`);
        hash.update(chunk);
        size += chunk.length;
        // once() rejects on the stream's error (a full disk), where a bare 'drain' would wait forever.
        if (!out.write(chunk)) await once(out, 'drain');
      };
      let rows = 0;
      try {
        await write(JSON.stringify({ columns: table.columns }));
        for await (const page of tablePages(trx, database.engine, table)) {
          for (const row of page) await write(JSON.stringify(table.columns.map((column) => encodeValue(row[column.name], column.kind))));
          rows += page.length;
        }
      } finally {
        out.end();
        await finished(out);
      }
      files[name] = { size, sha256: hash.digest('hex') };
      tables.push({ ...table, rows });
      progress(`  ${table.name}: ${rows} rows`);
    }
    return { migrations, tables };
  });
}

/** The image files with their bytes, in listing order, a few read ahead. */
async function* readAhead(images: ImageFiles): AsyncIterable<[string, Buffer]> {
  const pending: Promise<[string, Buffer]>[] = [];
  for await (const name of images.list()) {
    pending.push(images.read(name).then((data) => [name, data]));
    if (pending.length >= READ_AHEAD) yield await pending.shift()!;
  }
  while (pending.length > 0) yield await pending.shift()!;
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
