import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { ensurePrivateDir } from '../db/private-files';
import { HttpError } from '../http/errors';
import { ImageReferences, keepingNamedImages } from './image-references';
import { UPLOADS_URL_PREFIX, type ImageStorage } from './image-storage';
import { LocalImageStorage } from './local-image-storage';
import { IMMUTABLE_CACHE_CONTROL, s3Client, S3ImageStorage, STORE_AWAY } from './s3-image-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where post images are kept (docs/product.md#images). Its `remove` spares an image that
     * `imageReferences` says something still names.
     */
    images: ImageStorage;
    /** Whatever shows stored images registers here how to ask it which it names. */
    imageReferences: ImageReferences;
  }
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
/** Only names the server chose are ever served: `key.webp`, `key-800.webp`, `key-400.webp`. */
const SERVED_NAME = /^[0-9a-f]{32}(?:-400|-800)?\.webp$/;

/**
 * Decorates `app.images` with the image storage (an S3-compatible bucket when S3_BUCKET is set,
 * else the DATA_DIR/uploads folder) and serves it at /uploads/ either way, so that addresses in
 * post content keep working whatever the storage. Register before the page renderer, whose
 * catch-all would take the path.
 */
export async function registerImageStorage(app: FastifyInstance, config: Config): Promise<void> {
  const publicBase = config.uploadsPublicUrl ? `${config.uploadsPublicUrl}/` : UPLOADS_URL_PREFIX;
  const references = new ImageReferences();
  app.decorate('imageReferences', references);
  if (config.s3) {
    const client = s3Client(config.s3);
    const storage = new S3ImageStorage(client, config.s3.bucket, publicBase);
    app.decorate('images', keepingNamedImages(storage, references, app.log));
    app.addHook('onClose', async () => client.destroy());
    serveBucket(app, storage);
    return;
  }
  const storage = new LocalImageStorage(path.join(config.dataDir, 'uploads'), publicBase);
  ensurePrivateDir(storage.directory);
  app.decorate('images', keepingNamedImages(storage, references, app.log));
  await app.register(fastifyStatic, {
    root: storage.directory,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    // A name is never reused for other content, so a copy may be kept for a year.
    immutable: true,
    maxAge: YEAR_MS,
    allowedPath: (pathName) => SERVED_NAME.test(pathName.slice(1)),
    setHeaders: (reply) => reply.header('X-Content-Type-Options', 'nosniff'),
  });
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
      throw new HttpError(503, STORE_AWAY);
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
