import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What the server keeps in the data folder: the SQLite files, the keys (and the lock and
 * temporary file of a key being replaced), the images, the outbox and the backups.
 */
const DATA_ENTRY = /^(site\.db(-wal|-shm|-journal)?|jwt-secret(\.lock|\.\d+\.tmp)?|secrets-key|uploads|outbox|backups)$/;
const DATA_SUBFOLDERS = new Set(['uploads', 'outbox', 'backups']);

/**
 * The data folder holds the database, the keys, the outbox and the images: readable by the
 * server's own user only. A folder found readable by others (left by a looser version) is
 * tightened once, with everything in it, when it is the server's: see `isServersFolder`.
 */
export function ensurePrivateDir(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const mode = fs.statSync(directory).mode & 0o777;
  // Its own mode records that the pass ran: once it is 0700, its contents are not walked again.
  if ((mode & 0o077) === 0 || !isServersFolder(directory)) return;
  for (const entry of fs.readdirSync(directory, { recursive: true, withFileTypes: true })) {
    // A link is not followed: what it points to is not the data folder's.
    if (entry.isDirectory()) tighten(path.join(entry.parentPath, entry.name), 0o700);
    else if (entry.isFile()) tighten(path.join(entry.parentPath, entry.name), 0o600);
  }
  tighten(directory, 0o700);
}

/**
 * A file of the data folder: 0600, created empty first with `create` (so that no other
 * process, SQLite included, creates it with the umask's wider mode).
 */
export function ensurePrivateFile(file: string, { create = false }: { create?: boolean } = {}): void {
  if (create) fs.closeSync(fs.openSync(file, 'a', 0o600));
  tighten(file, 0o600);
}

/**
 * Only a folder holding nothing but the server's files (or an images, outbox or backups folder
 * inside one) is changed: never the working directory or one above it, nor the home folder, nor
 * a folder shared with anything else, whose modes are their owner's business.
 */
function isServersFolder(directory: string): boolean {
  const resolved = path.resolve(directory);
  const cwd = process.cwd();
  if (resolved === cwd || cwd.startsWith(`${resolved}${path.sep}`) || resolved === os.homedir() || resolved === path.parse(resolved).root) return false;
  if (holdsOnlyDataEntries(resolved)) return true;
  return DATA_SUBFOLDERS.has(path.basename(resolved)) && isServersFolder(path.dirname(resolved));
}

function holdsOnlyDataEntries(directory: string): boolean {
  return fs.readdirSync(directory).every((name) => DATA_ENTRY.test(name));
}

function tighten(name: string, mode: number): void {
  try {
    if ((fs.statSync(name).mode & 0o777) !== mode) fs.chmodSync(name, mode);
  } catch (error) {
    // Missing (a -wal not written yet) or owned by someone else (a folder mounted read-only, a
    // shared parent): the mode given at creation is what we can do.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}
