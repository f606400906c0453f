/**
 * Where processed images live: the folder in DATA_DIR, or an S3-compatible bucket that several
 * instances share (S3_BUCKET). The posts code does not know which.
 */

/** Where this site serves every image, whichever the storage. */
export const UPLOADS_URL_PREFIX = '/uploads/';
/** Only names the server chose are ever served: `key.webp`, `key-800.webp`, `key-400.webp`. */
export const SERVED_NAME = /^[0-9a-f]{32}(?:-400|-800)?\.webp$/;

/** The sizes kept of every image, named by a fixed rule (docs/product.md#images): name.webp, name-800.webp, name-400.webp. */
export const IMAGE_VARIANTS = [
  { suffix: '', width: 1600 },
  { suffix: '-800', width: 800 },
  { suffix: '-400', width: 400 },
] as const;

export type ImageSuffix = (typeof IMAGE_VARIANTS)[number]['suffix'];

export interface ImageFile {
  suffix: ImageSuffix;
  /** WebP bytes. */
  data: Buffer;
}

export interface StoredImage {
  key: string;
  /** When the youngest of its files was written; the orphan sweep spares recent ones. */
  storedAt: Date;
}

export interface ImageStorage {
  /** Stores all files of one image under a new, server-chosen key and answers the key. */
  save(files: readonly ImageFile[]): Promise<string>;
  /** Removes every file of an image, finished or half-written; a missing file is no error. */
  remove(key: string): Promise<void>;
  /**
   * Public address of the largest version (under UPLOADS_PUBLIC_URL when set); the others differ
   * by suffix. Post content names images by `uploadsAddress` instead, which never changes.
   */
  url(key: string): string;
  /** Every image present, finished or not, for the orphan sweep. */
  list(): Promise<StoredImage[]>;
  /** The bytes of an image's largest version, or undefined when there is no such file. */
  largest(key: string): Promise<Buffer | undefined>;
}

/** Keys are 128 random bits in hex: unguessable, and safe in a path or a URL. */
const IMAGE_KEY_PATTERN = /^[0-9a-f]{32}$/;

function isImageKey(value: string): boolean {
  return IMAGE_KEY_PATTERN.test(value);
}

export function imageFileName(key: string, suffix: ImageSuffix): string {
  if (!isImageKey(key)) throw new Error(`Not an image key: ${key}`);
  return `${key}${suffix}.webp`;
}

/**
 * The address of an image on this site itself, as post content names it: stable whatever the
 * storage or CDN, and the form the content's image index and the renderer recognise.
 */
export function uploadsAddress(key: string): string {
  return `${UPLOADS_URL_PREFIX}${imageFileName(key, '')}`;
}
