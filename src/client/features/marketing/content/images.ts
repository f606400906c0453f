import type { SiteImage } from '../../../components/ui/site-img';

/** An 800×500 illustration from public/images (drawn by scripts/make-images.mjs). */
export function illustration(name: string, alt: string): SiteImage {
  return { src: `/images/${name}.svg`, width: 800, height: 500, alt };
}
