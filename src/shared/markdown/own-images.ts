import type { Element } from 'hast';

/** An image of ours: `/uploads/{key}.webp`, with `#{width}x{height}` as the editor inserts it. */
const OWN_IMAGE = /^\/uploads\/([0-9a-f]{32})\.webp(?:#(\d{1,5})x(\d{1,5}))?$/;

/** The stored versions beside every upload (docs/product.md#images), and the largest's width at most. */
const VARIANT_WIDTHS = [400, 800] as const;
const LARGEST_WIDTH = 1600;

/** How wide a post's body draws an image: its column, at most 48rem. */
const CONTENT_IMAGE_SIZES = '(min-width: 52rem) 48rem, 100vw';

/** The intrinsic size of an upload's largest stored version, in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The sizes of uploads by key, as the server records them; an image not in it has only its fragment's. */
export type ImageSizes = ReadonlyMap<string, ImageSize>;

/** The size an address names in its fragment, else the recorded one. */
function sizeOf(key: string, width: string | undefined, height: string | undefined, sizes: ImageSizes | undefined): ImageSize | undefined {
  if (width && height && Number(width) > 0 && Number(height) > 0) return { width: Number(width), height: Number(height) };
  return sizes?.get(key);
}

/**
 * Draws an image of ours at its best: the 400 and 800 px versions in `srcset` for the browser
 * to choose from, and its intrinsic size (named in the address's fragment, or recorded when it
 * was uploaded, for an address written by hand) so that nothing moves as it arrives. Runs after
 * the sanitiser, on an element that is already safe; other images are left to the sanitiser's rules.
 */
export function enhanceOwnImage(image: Element, sizes?: ImageSizes): void {
  const match = typeof image.properties.src === 'string' ? OWN_IMAGE.exec(image.properties.src) : null;
  if (!match) return;
  const [, key, width, height] = match;
  const base = `/uploads/${key}`;
  const size = sizeOf(key!, width, height, sizes);
  const largest = size ? Math.min(size.width, LARGEST_WIDTH) : LARGEST_WIDTH;
  image.properties.src = `${base}.webp`;
  image.properties.srcSet = [...VARIANT_WIDTHS.filter((w) => w < largest).map((w) => `${base}-${w}.webp ${w}w`), `${base}.webp ${largest}w`].join(', ');
  image.properties.sizes = CONTENT_IMAGE_SIZES;
  if (size) {
    image.properties.width = size.width;
    image.properties.height = size.height;
  }
}
