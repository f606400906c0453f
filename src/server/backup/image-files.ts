import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { ensurePrivateDir } from '../db/private-files';
import { SERVED_NAME } from '../storage/image-storage';
import { IMMUTABLE_CACHE_CONTROL, s3Client } from '../storage/s3-image-storage';

/**
 * The site's image files as a backup reads and a restore writes them: the finished files only
 * (a half-written one is the orphan sweep's), in DATA_DIR/uploads or in the bucket.
 */
export interface ImageFiles {
  /** Where they are, for the tools' messages. */
  readonly where: string;
  /** The names the site serves them under. */
  list(): AsyncIterable<string>;
  read(name: string): Promise<Buffer>;
  write(name: string, body: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
  close(): void;
}

const UPLOADS_DIR = 'uploads';

export function imageFilesOf(config: Pick<Config, 'dataDir' | 's3'>): ImageFiles {
  return config.s3 ? new BucketFiles(s3Client(config.s3), config.s3.bucket) : new FolderFiles(path.join(config.dataDir, UPLOADS_DIR));
}

class FolderFiles implements ImageFiles {
  constructor(private readonly directory: string) {}

  get where() {
    return this.directory;
  }

  async *list(): AsyncIterable<string> {
    if (!fs.existsSync(this.directory)) return;
    const folder = await fsp.opendir(this.directory);
    for await (const entry of folder) {
      if (entry.isFile() && SERVED_NAME.test(entry.name)) yield entry.name;
    }
  }

  async read(name: string): Promise<Buffer> {
    return fsp.readFile(path.join(this.directory, name));
  }

  async write(name: string, body: Buffer): Promise<void> {
    ensurePrivateDir(this.directory);
    // Under a hidden name first, as the site writes them: a reader never sees half a file.
    const partial = path.join(this.directory, `.${name}.partial`);
    await fsp.writeFile(partial, body, { mode: 0o600 });
    await fsp.rename(partial, path.join(this.directory, name));
  }

  async remove(name: string): Promise<void> {
    await fsp.rm(path.join(this.directory, name), { force: true });
  }

  close(): void {}
}

class BucketFiles implements ImageFiles {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  get where() {
    return `the bucket ${this.bucket}`;
  }

  async *list(): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key && SERVED_NAME.test(object.Key)) yield object.Key;
      }
    }
  }

  async read(name: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async write(name: string, body: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: name, Body: body, ContentType: 'image/webp', CacheControl: IMMUTABLE_CACHE_CONTROL }));
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  close(): void {
    this.client.destroy();
  }
}
