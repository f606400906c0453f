import type { FastifyInstance } from 'fastify';
import { onceAtATime } from '../db/advisory-lock';
import type { ImageStorage } from '../storage/image-storage';

/**
 * Files younger than this may belong to a write still in progress (here or on another instance),
 * or be an image uploaded for a post still being written (swept a day after upload).
 */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes stored images that no post refers to and that are old enough not to belong to a
 * write in progress: what a crash between storing the files and committing the row, or
 * between committing and removing old files, left behind. Answers the keys removed.
 */
export async function sweepOrphanImages(
  images: ImageStorage,
  referencedKeys: () => Promise<Set<string>>,
  now: number = Date.now(),
): Promise<string[]> {
  // Files first, references second: a post committed in between is then seen as referenced.
  const stored = await images.list();
  const candidates = stored.filter((image) => now - image.storedAt.getTime() >= ORPHAN_MIN_AGE_MS);
  if (candidates.length === 0) return [];
  const referenced = await referencedKeys();
  const orphans = candidates.filter((image) => !referenced.has(image.key)).map((image) => image.key);
  for (const key of orphans) await images.remove(key);
  return orphans;
}

/**
 * At start and then hourly: a crash between the steps of a write leaves no file for good. With
 * several instances, under an advisory lock (whoever holds it sweeps; the others skip).
 */
export function scheduleOrphanSweep(app: FastifyInstance, images: ImageStorage, referencedKeys: () => Promise<Set<string>>): void {
  const sweep = async () => {
    try {
      // One instance at a time: another one sweeping now does this one's work.
      const swept = await onceAtATime(app.database, 'orphan-sweep', () => sweepOrphanImages(images, referencedKeys));
      const removed = swept.ran ? swept.result : [];
      if (removed.length > 0) app.log.info({ removed, minAgeMs: ORPHAN_MIN_AGE_MS }, 'removed orphan images');
    } catch (error) {
      app.log.warn({ err: error }, 'orphan image sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    // Under jsdom (component tests build the app) timers are numbers.
    timer.unref?.();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
