import type { Readable } from 'node:stream';

/** The names take-backup.ts gives: nothing else in the folder or bucket is listed, served or pruned. */
const ARCHIVE_NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

export interface Archive {
  name: string;
  size: number;
  /** When it was taken, from its name. */
  createdAt: Date;
}

/** The archives in BACKUP_DIR or BACKUP_S3_BUCKET, where take-backup.ts writes them. */
export interface ArchiveStore {
  readonly where: string;
  /** Newest first. */
  list(): Promise<Archive[]>;
  /** The archive's bytes; the name must come from list(). */
  open(name: string): Promise<Readable>;
  remove(name: string): Promise<void>;
  close(): void;
}

/** When an archive was taken, from its name; null for a name that is not an archive's. */
export function createdAt(name: string): Date | null {
  const match = ARCHIVE_NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : null;
}

export const newestFirst = (a: Archive, b: Archive) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1);

