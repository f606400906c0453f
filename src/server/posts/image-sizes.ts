import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { ImageSize, ImageSizes } from '../../shared/markdown/own-images';
import type { Schema } from '../db/schema';
import type { ImageFile, ImageStorage } from '../storage/image-storage';
import { deriveText, type DerivedText } from './derived-text';
import { imageKeysIn } from './post-indexes';

/** An image's intrinsic size from its header: one frame's height for an animation. */
export async function intrinsicSize(data: Buffer): Promise<ImageSize | undefined> {
  const { width, height, pageHeight } = await sharp(data).metadata();
  const frameHeight = pageHeight ?? height;
  return width && frameHeight ? { width, height: frameHeight } : undefined;
}

async function record(db: Kysely<Schema>, key: string, data: Buffer): Promise<boolean> {
  const size = await intrinsicSize(data);
  if (!size) return false;
  await db
    .insertInto('image_sizes')
    .values({ image_key: key, ...size })
    .onConflict((conflict) => conflict.column('image_key').doNothing())
    .execute();
  return true;
}

/**
 * The storage, recording the size of every image it saves (from the largest processed file,
 * already in memory), for the posts that will name it, and forgetting it with the image's files.
 * The rest passes through.
 */
export function recordingSizes(images: ImageStorage, db: Kysely<Schema>): ImageStorage {
  return {
    save: async (files: readonly ImageFile[]) => {
      const key = await images.save(files);
      const largest = files.find((file) => file.suffix === '');
      if (largest) await record(db, key, largest.data);
      return key;
    },
    remove: async (key) => {
      await images.remove(key);
      await db.deleteFrom('image_sizes').where('image_key', '=', key).execute();
    },
    url: (key) => images.url(key),
    list: () => images.list(),
    largest: (key) => images.largest(key),
  };
}

/**
 * At start, before the posts are derived: the size of every stored image without one (stored
 * before sizes were recorded, or by a version that did not record them), read from its largest
 * file. An image that cannot be read keeps no size and is tried again at the next start; no
 * image stops the start. Answers how many it recorded.
 */
export async function recordMissingSizes(db: Kysely<Schema>, images: ImageStorage, log: FastifyBaseLogger): Promise<number> {
  let recorded = 0;
  try {
    const known = new Set((await db.selectFrom('image_sizes').select('image_key').execute()).map((row) => row.image_key));
    for (const { key } of await images.list()) {
      if (known.has(key)) continue;
      try {
        const data = await images.largest(key);
        if (data && (await record(db, key, data))) recorded++;
      } catch (error) {
        log.warn({ err: error, imageKey: key }, 'the size of a stored image could not be read; its posts show it without one');
      }
    }
  } catch (error) {
    log.warn({ err: error }, 'the sizes of stored images could not be recorded; the next start tries again');
  }
  if (recorded > 0) log.info({ images: recorded }, 'recorded the sizes of images stored before sizes were kept');
  return recorded;
}

/** The recorded sizes of these uploads, in one query (none for no key: `in ()` is an error on PostgreSQL). */
async function imageSizesOf(db: Kysely<Schema>, keys: readonly string[]): Promise<ImageSizes> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('image_sizes').selectAll().where('image_key', 'in', keys).execute();
  return new Map(rows.map(({ image_key, width, height }) => [image_key, { width, height }]));
}

/** What a post's content derives to, its images of ours sized as recorded (on `db`: the write's transaction). */
export async function deriveWithSizes(db: Kysely<Schema>, content: string, siteUrl: string): Promise<DerivedText> {
  return deriveText(content, siteUrl, await imageSizesOf(db, imageKeysIn(content)));
}
