/** An image of the site, with its intrinsic size so that nothing shifts while it loads. */
export interface SiteImage {
  /** Path under the site root, or an uploaded image's address. */
  src: string;
  /** Raster images made at several widths (scripts/make-images.mjs). */
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
  /**
   * The server's HTML carries it as a data: URL and the browser's bundle its address (an SVG
   * imported with `?inline`, webpack.config.js): hydration keeps what the server sent.
   */
  inlinedByServer?: boolean;
}

export interface SiteImgProps {
  image: SiteImage;
  /** How wide the image shows, for `srcset` (raster images only). */
  sizes?: string;
  /** Above the fold: load at once and early. Everything else waits until it is near. */
  priority?: boolean;
  className?: string;
  /** The image repeats what the text beside it says: hide it from assistive tech. */
  decorative?: boolean;
}

/** An image with its intrinsic size (no layout shift), lazy unless it is the page's lead image. */
export function SiteImg({ image, sizes, priority = false, className, decorative = false }: SiteImgProps) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={decorative ? '' : image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
      className={className}
      suppressHydrationWarning={image.inlinedByServer}
    />
  );
}
