import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { s3Client } from '../storage/s3-image-storage';
import { dayAndWeek } from './backup-time';

/** The names take-backup.ts gives: nothing else in the folder or bucket is listed, served or pruned. */
const ARCHIVE_NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;
const DAILY = 7;
const WEEKLY = 4;

export interface Archive {
  name: string;
  size: number;
  /** When it was taken, from its name. */
  createdAt: Date;
}

/** The archives in BACKUP_DIR or BACKUP_S3_BUCKET, where take-backup.ts writes them. */
interface ArchiveStore {
  readonly where: string;
  /** Newest first. */
  list(): Promise<Archive[]>;
  /** The archive's bytes; the name must come from list(). */
  open(name: string): Promise<Readable>;
  remove(name: string): Promise<void>;
  close(): void;
}

export function archiveStore(config: Pick<Config, 'backupDir' | 'backupBucket'>): ArchiveStore {
  return config.backupBucket ? new BucketArchives(s3Client(config.backupBucket), config.backupBucket.bucket) : new FolderArchives(config.backupDir);
}

function createdAt(name: string): Date | null {
  const match = ARCHIVE_NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : null;
}

const newestFirst = (a: Archive, b: Archive) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1);

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

class BucketArchives implements ArchiveStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  get where() {
    return `the bucket ${this.bucket}`;
  }

  async list(): Promise<Archive[]> {
    const archives: Archive[] = [];
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: 'backup-' })) {
      for (const object of page.Contents ?? []) {
        const at = object.Key ? createdAt(object.Key) : null;
        if (at) archives.push({ name: object.Key!, size: object.Size ?? 0, createdAt: at });
      }
    }
    return archives.sort(newestFirst);
  }

  async open(name: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
    return object.Body as Readable;
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  close(): void {
    this.client.destroy();
  }
}
