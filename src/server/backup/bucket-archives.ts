import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, S3ServiceException, type S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { HttpError } from '../http/errors';
import { s3Client } from '../storage/s3-image-storage';
import { createdAt, newestFirst, type Archive, type ArchiveStore } from './archive-store';

/** Archives in BACKUP_S3_BUCKET, named as take-backup.ts names them. */
export class BucketArchives implements ArchiveStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Config) {
    this.client = s3Client(settings);
    this.bucket = settings.bucket;
  }

  get where() {
    return `the bucket ${this.bucket}`;
  }

  async list(): Promise<Archive[]> {
    const archives: Archive[] = [];
    try {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: 'backup-' })) {
        for (const object of page.Contents ?? []) {
          const at = object.Key ? createdAt(object.Key) : null;
          if (at) archives.push({ name: object.Key!, size: object.Size ?? 0, createdAt: at });
        }
      }
    } catch (error) {
      throw bucketFailure(error);
    }
    return archives.sort(newestFirst);
  }

  async open(name: string): Promise<Readable> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return object.Body as Readable;
    } catch (error) {
      // Pruned since it was listed: the caller answers 404.
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') throw error;
      throw bucketFailure(error);
    }
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * What the owner's calls answer when the bucket fails them: a store that cannot be reached (no
 * answer, or its own 5xx) is likely back in a moment (503); one that answers with a refusal
 * (credentials, a missing bucket) needs the settings changed, and says which refusal (502).
 */
function bucketFailure(error: unknown): HttpError {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (status === undefined || status >= 500) {
    return new HttpError(503, 'The backups’ bucket cannot be reached right now. Please try again in a moment.', { 'Retry-After': '5' }, { cause: error });
  }
  return new HttpError(502, `The backups’ bucket refused the request (${(error as S3ServiceException).name}); check the BACKUP_S3_BUCKET and S3_* settings.`, {}, { cause: error });
}
