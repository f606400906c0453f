import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { SERVED_NAME, UPLOADS_URL_PREFIX } from './image-storage';
import { IMMUTABLE_CACHE_CONTROL, s3Client, S3ImageStorage, STORE_AWAY, STORE_RETRY } from './s3-image-storage';

/** The bucket's image storage, its client closed with the app, and /uploads/ served from it. */
export function bucketStorage(app: FastifyInstance, s3: NonNullable<Config['s3']>, publicBase: string): S3ImageStorage {
  const client = s3Client(s3);
  const storage = new S3ImageStorage(client, s3.bucket, publicBase);
  app.addHook('onClose', async () => client.destroy());
  serveBucket(app, storage);
  return storage;
}

/** /uploads/{name} streamed from the bucket, with the headers the folder's files get. */
function serveBucket(app: FastifyInstance, storage: S3ImageStorage): void {
  app.get<{ Params: { name: string } }>(`${UPLOADS_URL_PREFIX}:name`, async (request, reply) => {
    const { name } = request.params;
    if (!SERVED_NAME.test(name)) throw new HttpError(404, `Nothing answers ${request.method} here.`);
    let read;
    try {
      read = await storage.read(name, request.headers['if-none-match']);
    } catch (error) {
      request.log.error({ err: error, name }, 'reading an image from the bucket failed');
      throw new HttpError(503, STORE_AWAY, STORE_RETRY);
    }
    if (read.status === 404) throw new HttpError(404, `Nothing answers ${request.method} here.`);
    reply.header('Cache-Control', IMMUTABLE_CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff');
    if (read.etag) reply.header('ETag', read.etag);
    if (read.status === 304) return reply.status(304).send();
    reply.type('image/webp');
    if (read.length !== undefined) reply.header('Content-Length', read.length);
    if (read.lastModified) reply.header('Last-Modified', read.lastModified.toUTCString());
    return reply.send(read.body);
  });
}
