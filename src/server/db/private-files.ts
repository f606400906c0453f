import fs from 'node:fs';

/**
 * The data folder holds the database, the keys, the outbox and the images: readable by the
 * server's own user only. An existing folder (a site upgraded from a looser version) is
 * tightened too, when it is ours to change.
 */
export function ensurePrivateDir(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
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
