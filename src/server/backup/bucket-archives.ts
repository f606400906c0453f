import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
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
