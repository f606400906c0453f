import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { HttpError } from '../http/errors';
import { IMAGE_VARIANTS, imageFileName, UPLOADS_URL_PREFIX, type ImageFile, type ImageStorage, type StoredImage } from './image-storage';

/** A finished image file as it is named in the bucket: `key.webp`, `key-800.webp`, … */
const OBJECT_NAME = /^([0-9a-f]{32})(?:-\d+)?\.webp$/;

export const STORE_AWAY = 'The image store does not answer; try again shortly.';
/** A bucket that stopped answering is usually back within seconds. */
export const STORE_RETRY = { 'Retry-After': '5' };

/** Names are never reused for other content, so any cache may keep a file for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** One file read from the bucket, for /uploads/: its bytes as a stream, or "not modified". */
export type BucketRead =
  | { status: 200; body: Readable; length: number | undefined; etag: string | undefined; lastModified: Date | undefined }
  | { status: 304; etag: string | undefined }
  | { status: 404 };

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores (R2, B2, older MinIO)
    // refuse or mishandle the CRC headers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Images as objects in an S3-compatible bucket, shared by every instance. A PutObject is
 * atomic, so a reader never sees half a file; an image whose upload failed halfway is removed
 * at once, and one a crash left behind is a listed orphan for the sweep.
 */
export class S3ImageStorage implements ImageStorage {
  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    private readonly publicBase: string = UPLOADS_URL_PREFIX,
  ) {}

  async save(files: readonly ImageFile[]): Promise<string> {
    const key = randomBytes(16).toString('hex');
    try {
      await Promise.all(
        files.map(({ suffix, data }) =>
          this.client.send(
            new PutObjectCommand({ Bucket: this.bucket, Key: imageFileName(key, suffix), Body: data, ContentType: 'image/webp', CacheControl: IMMUTABLE_CACHE_CONTROL }),
          ),
        ),
      );
    } catch (error) {
      await this.remove(key).catch(() => undefined);
      // The post is not written either; the client may simply try again.
      throw new HttpError(503, STORE_AWAY, STORE_RETRY, { cause: error });
    }
    return key;
  }

  async remove(key: string): Promise<void> {
    // One DeleteObject per file rather than DeleteObjects, which not every compatible store has;
    // deleting a missing object succeeds in S3.
    await Promise.all(IMAGE_VARIANTS.map(({ suffix }) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: imageFileName(key, suffix) }))));
  }

  url(key: string): string {
    return `${this.publicBase}${imageFileName(key, '')}`;
  }

  async list(): Promise<StoredImage[]> {
    const youngest = new Map<string, number>();
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        const key = object.Key && OBJECT_NAME.exec(object.Key)?.[1];
        if (!key) continue;
        youngest.set(key, Math.max(youngest.get(key) ?? 0, object.LastModified?.getTime() ?? Date.now()));
      }
    }
    return [...youngest].map(([key, time]) => ({ key, storedAt: new Date(time) }));
  }

  async largest(key: string): Promise<Buffer | undefined> {
    const read = await this.read(imageFileName(key, ''), undefined);
    if (read.status !== 200) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** A file by its served name (already checked against the names the server chooses). */
  async read(name: string, ifNoneMatch: string | undefined): Promise<BucketRead> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name, ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }));
      return { status: 200, body: object.Body as Readable, length: object.ContentLength, etag: object.ETag, lastModified: object.LastModified };
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      if (status === 304) return { status: 304, etag: ifNoneMatch };
      if (status === 404 || (error instanceof S3ServiceException && error.name === 'NoSuchKey')) return { status: 404 };
      throw error;
    }
  }
}
