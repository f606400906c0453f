import type { ImageStorage } from '../storage/image-storage';

/** Files younger than this may belong to a write still in progress (here or on another instance). */
export const ORPHAN_MIN_AGE_MS = 10 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

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
