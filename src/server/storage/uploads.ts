import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { ImageStorage } from './image-storage';
import { LocalImageStorage, UPLOADS_URL_PREFIX } from './local-image-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where post images are kept (docs/product.md#images). */
    images: ImageStorage;
  }
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
/** Only names the server chose are ever served: `key.webp`, `key-800.webp`, `key-400.webp`. */
const SERVED_NAME = /^\/[0-9a-f]{32}(?:-400|-800)?\.webp$/;

/**
 * Decorates `app.images` with the image storage (the DATA_DIR/uploads folder) and serves that
 * folder at /uploads/. Register before the page renderer, whose catch-all would take the path.
 */
export async function registerImageStorage(app: FastifyInstance, config: Config): Promise<void> {
  const storage = new LocalImageStorage(path.join(config.dataDir, 'uploads'));
  fs.mkdirSync(storage.directory, { recursive: true });
  app.decorate('images', storage);
  await app.register(fastifyStatic, {
    root: storage.directory,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    // A name is never reused for other content, so a copy may be kept for a year.
    immutable: true,
    maxAge: YEAR_MS,
    allowedPath: (pathName) => SERVED_NAME.test(pathName),
    setHeaders: (reply) => reply.header('X-Content-Type-Options', 'nosniff'),
  });
}
