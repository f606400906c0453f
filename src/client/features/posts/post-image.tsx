/** Widths the image pipeline stores beside every upload (docs/product.md#images). */
const VARIANT_WIDTHS = [400, 800] as const;
/** The largest version is at most this wide. */
const LARGEST_WIDTH = 1600;

/**
 * `srcset` for a post image stored as `name.webp` with `name-400.webp` and `name-800.webp`
 * beside it; undefined for an address that does not follow that rule (another server's).
 */
export function postImageSrcSet(imageUrl: string): string | undefined {
  const match = /^(.+)\.webp$/.exec(imageUrl);
  if (!match || /-(400|800)$/.test(match[1]!)) return undefined;
  return [...VARIANT_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`), `${imageUrl} ${LARGEST_WIDTH}w`].join(', ');
}

export interface PostImageProps {
  imageUrl: string;
  /** How wide the image is drawn, for the browser's choice among the versions. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once rather than lazily. */
  priority?: boolean;
  alt?: string;
}

/**
 * A post's image with its responsive versions. Width and height give the browser the box
 * (16:9 until the image itself says otherwise) before it arrives, so nothing jumps.
 */
export function PostImage({ imageUrl, sizes, className, priority = false, alt = '' }: PostImageProps) {
  const srcSet = postImageSrcSet(imageUrl);
  return (
    <img
      className={className}
      src={imageUrl}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={LARGEST_WIDTH}
      height={(LARGEST_WIDTH * 9) / 16}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      // The first image of the page is drawn as soon as it is decoded, with the text around it.
      decoding={priority ? 'auto' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
