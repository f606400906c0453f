import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { ensurePrivateDir } from '../db/private-files';
import { ImageReferences, keepingNamedImages } from './image-references';
import { SERVED_NAME, UPLOADS_URL_PREFIX, type ImageStorage } from './image-storage';
import { LocalImageStorage } from './local-image-storage';

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
    // The S3 client is a large module: loaded only by a site that keeps its images in a bucket.
    const { bucketStorage } = await import('./bucket-uploads');
    app.decorate('images', keepingNamedImages(bucketStorage(app, config.s3, publicBase), references, app.log));
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
