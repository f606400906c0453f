import type { SiteSettings } from '../../../shared/contract/site/settings';
import sprite from './contact-icons.svg';

/**
 * Simple single-colour marks, 24×24, decorative: the link around each carries the name. Their
 * shapes live in one SVG file of symbols, cached for a year and shared by every page, rather
 * than in the script every first visit downloads (they cost it 1 kB compressed).
 */
export type IconName = 'phone' | 'email' | 'whatsapp' | SiteSettings['social'][number]['network'];

export function Icon({ name }: { name: IconName }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
