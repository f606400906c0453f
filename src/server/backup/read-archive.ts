import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { extract as tarExtract, type ExtractEvents } from 'tar-stream';
import { dataEntry, entryKind, FORMAT, MANIFEST_LIMIT, SECRETS_KEY_ENTRY, SIGNING_KEY_ENTRY, manifestSchema, type Manifest } from './archive-format';

type Entry = ExtractEvents['entry'][1];

/** Keys are a few dozen bytes. */
const SECRET_LIMIT = 4096;

export interface VerifiedArchive {
  manifest: Manifest;
  secrets: { secretsKey?: string; signingKey?: string };
}

/** An archive that is not a whole backup of this site; said so before anything is changed. */
export class ArchiveError extends Error {}

/**
 * The entries of an archive in order, each to be read (or left: it is then skipped) before the
 * next. A damaged or cut-off file ends the iteration with an ArchiveError.
 */
export async function* archiveEntries(file: string): AsyncIterable<Entry> {
  if (!fs.existsSync(file)) throw new ArchiveError(`There is no file ${file}.`);
  const extract = tarExtract();
  const piped = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  // The iteration below reports the same failure; this only keeps it from going unhandled.
  piped.catch(() => undefined);
  try {
    for await (const entry of extract) yield entry;
    await piped;
  } catch (error) {
    throw explain(file, error);
  }
}

function explain(file: string, error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/incorrect header check/i.test(message)) return new ArchiveError(`${file} is not a backup of this site (it is not a gzipped tar archive).`);
  if (/unexpected end|premature close|truncated/i.test(message)) return new ArchiveError(`${file} is cut short: it is not a whole backup (was it copied completely?).`);
  return new ArchiveError(`${file} is damaged and cannot be read as a backup: ${message}`);
}

/**
 * Reads the whole archive once and answers its manifest when every entry is one a backup writes,
 * present once, and of the size and SHA-256 the manifest says; otherwise an ArchiveError.
 */
export async function verifyArchive(file: string): Promise<VerifiedArchive> {
  try {
    return await checkEntries(file);
  } catch (error) {
    // An entry's own stream fails where the file is cut or damaged, outside archiveEntries.
    throw explain(file, error);
  }
}

async function checkEntries(file: string): Promise<VerifiedArchive> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const secrets: VerifiedArchive['secrets'] = {};
  let manifestText: string | undefined;
  for await (const entry of archiveEntries(file)) {
    const { name } = entry.header;
    const kind = entryKind(name);
    if (!kind) throw new ArchiveError(`${file} is not a backup of this site: it holds ${JSON.stringify(name)}, which no backup writes.`);
    if (seen.has(name) || (kind.kind === 'manifest' && manifestText !== undefined)) throw new ArchiveError(`${file} holds ${name} twice: it is not a backup this site wrote.`);
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (kind.kind === 'manifest' || kind.kind === 'secret') {
        if (size > (kind.kind === 'secret' ? SECRET_LIMIT : MANIFEST_LIMIT)) throw new ArchiveError(`${file} is not a backup of this site: its ${name} is too large.`);
        chunks.push(chunk);
      }
      if (kind.kind !== 'manifest') hash.update(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (kind.kind === 'manifest') manifestText = text;
    else seen.set(name, { size, sha256: hash.digest('hex') });
    if (name === SECRETS_KEY_ENTRY) secrets.secretsKey = text;
    if (name === SIGNING_KEY_ENTRY) secrets.signingKey = text;
  }
  if (manifestText === undefined) throw new ArchiveError(`${file} has no manifest: it is cut short, or not a backup of this site.`);
  const manifest = parseManifest(file, manifestText);
  for (const [name, expected] of Object.entries(manifest.files)) {
    const found = seen.get(name);
    if (!found) throw new ArchiveError(`${file} lacks ${name}, which its manifest lists: it is incomplete.`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256) throw new ArchiveError(`${file} is damaged: ${name} does not match its checksum.`);
  }
  for (const name of seen.keys()) if (!(name in manifest.files)) throw new ArchiveError(`${file} holds ${name}, which its manifest does not list.`);
  for (const table of manifest.tables) if (!(dataEntry(table.name) in manifest.files)) throw new ArchiveError(`${file} lacks the data of ${table.name}.`);
  return { manifest, secrets };
}

function parseManifest(file: string, text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveError(`${file} is not a backup of this site: its manifest is not JSON.`);
  }
  if ((json as { format?: unknown } | null)?.format !== FORMAT) throw new ArchiveError(`${file} is not a backup of this site (its manifest is of another kind).`);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { formatVersion?: unknown }).formatVersion;
    throw new ArchiveError(
      typeof version === 'number' && version > 1
        ? `${file} was written by a newer version of the site (backup format ${version}); update the site, then restore.`
        : `${file} has a manifest this site cannot use: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
    );
  }
  return parsed.data;
}
