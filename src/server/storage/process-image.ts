import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../http/errors';
import { IMAGE_VARIANTS, type ImageFile } from './image-storage';
import { sniffImageType, type AcceptedImageType } from './sniff-image-type';

/** Largest upload accepted (docs/product.md#images); the multipart limit enforces it. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Largest decoded size, all frames together: a 50-megapixel photo passes, a small file whose
 * header claims a huge canvas (a decompression bomb) does not.
 */
const MAX_IMAGE_PIXELS = 50_000_000;

/** WebP cannot be taller than this; very tall images are scaled to fit. */
const WEBP_MAX_DIMENSION = 16383;

export const UNSUPPORTED_IMAGE_MESSAGE = 'The image must be a JPEG, PNG, WebP, GIF or AVIF file.';

/** What sharp must report for each sniffed type; anything else is a disguise or a mistake. */
const EXPECTED_FORMAT: Record<AcceptedImageType, { format: string; compression?: string }> = {
  jpeg: { format: 'jpeg' },
  png: { format: 'png' },
  webp: { format: 'webp' },
  gif: { format: 'gif' },
  avif: { format: 'heif', compression: 'av1' },
};

/**
 * Checks an uploaded image by its content and turns it into the stored versions: metadata
 * stripped (camera, location), orientation applied, at most 1600, 800 and 400 px wide, WebP,
 * animation kept. Client mistakes come out as HttpError 413 or 415.
 */
export async function processImage(input: Buffer): Promise<ImageFile[]> {
  const type = sniffImageType(input);
  if (!type) throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE);

  let metadata: Metadata;
  try {
    // Headers only, no pixels decoded: safe without a limit, so a bomb gets its own message below.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, unreadable());
  }
  const expected = EXPECTED_FORMAT[type];
  if (metadata.format !== expected.format || (expected.compression && metadata.compression !== expected.compression)) {
    throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE);
  }
  const frames = metadata.pages ?? 1;
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0) * frames;
  if (!pixels) throw new HttpError(415, unreadable());
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, all frames together.`);
  }

  const animated = frames > 1 && (type === 'gif' || type === 'webp');
  try {
    return await Promise.all(
      IMAGE_VARIANTS.map(async ({ suffix, width }) => ({
        suffix,
        data: await sharp(input, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
          .autoOrient()
          .resize({ width, height: WEBP_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
          // No keepMetadata/withMetadata: sharp writes no EXIF, XMP or ICC unless asked to.
          .webp({ quality: 80, effort: 4 })
          .toBuffer(),
      })),
    );
  } catch {
    throw new HttpError(415, unreadable());
  }
}

function unreadable(): string {
  return `The image could not be read; it may be damaged. ${UNSUPPORTED_IMAGE_MESSAGE}`;
}
