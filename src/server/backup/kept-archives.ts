import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { createdAt, newestFirst, type Archive, type ArchiveStore } from './archive-store';
import { dayAndWeek } from './backup-time';

const DAILY = 7;
const WEEKLY = 4;

/**
 * The archives in BACKUP_DIR or BACKUP_S3_BUCKET. The S3 client is loaded only for a bucket: a
 * site without one never loads it.
 */
export async function archiveStore(config: Pick<Config, 'backupDir' | 'backupBucket'>): Promise<ArchiveStore> {
  if (!config.backupBucket) return new FolderArchives(config.backupDir);
  const { BucketArchives } = await import('./bucket-archives');
  return new BucketArchives(config.backupBucket);
}

/**
 * What the schedule keeps: the newest archive of each of the last 7 days that have one, and the
 * newest of each of the last 4 ISO weeks that have one (Monday to Sunday, in the site's zone).
 * The two overlap, so 7 to 11 archives stay; every other archive of take-backup.ts's naming goes.
 */
export function archivesToKeep(archives: Archive[], zone: string): Set<string> {
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const archive of [...archives].sort(newestFirst)) {
    const { day, week } = dayAndWeek(archive.createdAt, zone);
    if (!days.has(day) && days.size < DAILY) {
      days.add(day);
      keep.add(archive.name);
    }
    if (!weeks.has(week) && weeks.size < WEEKLY) {
      weeks.add(week);
      keep.add(archive.name);
    }
  }
  return keep;
}

/** Removes what archivesToKeep does not keep; answers the names removed. */
export async function pruneArchives(store: ArchiveStore, zone: string): Promise<string[]> {
  const archives = await store.list();
  const keep = archivesToKeep(archives, zone);
  const removed: string[] = [];
  for (const archive of archives) {
    if (keep.has(archive.name)) continue;
    await store.remove(archive.name);
    removed.push(archive.name);
  }
  return removed;
}

class FolderArchives implements ArchiveStore {
  constructor(private readonly dir: string) {}

  get where() {
    return this.dir;
  }

  async list(): Promise<Archive[]> {
    const names = await fsp.readdir(this.dir).catch((error: NodeJS.ErrnoException) => {
      // No archive yet, or a BACKUP_DIR that cannot be one (the failed run says why): none to list.
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
    const archives: Archive[] = [];
    for (const name of names) {
      const at = createdAt(name);
      if (!at) continue;
      const stat = await fsp.stat(path.join(this.dir, name)).catch(() => null);
      if (stat?.isFile()) archives.push({ name, size: stat.size, createdAt: at });
    }
    return archives.sort(newestFirst);
  }

  async open(name: string): Promise<Readable> {
    const file = path.join(this.dir, name);
    // Opened before the answer starts, so that a file pruned meanwhile is a 404, not a cut download.
    const handle = await fsp.open(file, 'r');
    return handle.createReadStream();
  }

  async remove(name: string): Promise<void> {
    await fsp.rm(path.join(this.dir, name), { force: true });
  }

  close(): void {}
}
