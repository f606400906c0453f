import type { SiteSettings } from '../../../shared/contract/site/settings';

/** The site's language and region, for `og:locale` and the JSON-LD's `inLanguage`. */
export const SITE_LOCALE = 'en_US';

/** The organisation's logo that search engines show, relative to the site root. */
export const SITE_LOGO = '/favicon.svg';

/**
 * The share image of pages without one of their own: Settings' upload, else the card the server
 * draws from the name and tagline.
 */
export const shareImageOf = (settings: SiteSettings): string => settings.shareImage?.src ?? '/images/share-card.png';

/** What the share image shows, for `og:image:alt`. */
export function shareImageAltOf(settings: SiteSettings): string {
  if (settings.shareImage) return settings.shareImage.alt;
  const tagline = settings.tagline.charAt(0).toLowerCase() + settings.tagline.slice(1);
  return `${settings.name}: ${tagline}`;
}

/** The postal address on one line, as the footer shows it. */
export const addressLine = ({ street, locality, region, postalCode }: SiteSettings['address']): string => `${street}, ${locality}, ${region} ${postalCode}`;
