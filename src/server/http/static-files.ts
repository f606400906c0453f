import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const YEAR_SECONDS = 31536000;

/** The built bundle under /assets (hashed names: cached for a year) and public/ at the root. */
export async function staticFiles(app: FastifyInstance, config: Config): Promise<void> {
  const assetsDir = path.join(config.clientDir, 'assets');
  if (fs.existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      // webpack wrote .br and .gz beside each file; send the smallest the browser accepts.
      preCompressed: true,
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      // A hashed name never changes content, so nothing revalidates it or asks for a part of it.
      lastModified: false,
      etag: false,
      acceptRanges: false,
      index: false,
      allowedPath: (pathName) => !pathName.endsWith('manifest.json'),
    });
  }
  if (fs.existsSync(config.publicDir)) {
    // One route per file that exists at start, so the page renderer keeps every other path.
    await app.register(fastifyStatic, {
      root: config.publicDir,
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      index: false,
      maxAge: 24 * 3600 * 1000,
    });
  }
}
