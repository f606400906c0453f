/**
 * The agency's identity, in one place, so that another agency can rebrand the site without
 * touching a component. Everything here describes a fictional demo agency: addresses use
 * reserved example domains (RFC 2606) and the phone number is in the 555-01xx range that
 * is set aside for fiction. See the README, "Making the site your own".
 */
export interface SocialProfile {
  /** Which icon the footer shows. */
  network: 'linkedin' | 'instagram' | 'github' | 'facebook' | 'x';
  label: string;
  url: string;
}

export interface SiteConfig {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  locale: string;
  /** Shown in the page chrome and used for mail links. */
  email: string;
  phone: { display: string; e164: string };
  /** International number without "+" or spaces, as wa.me expects. */
  whatsapp: string;
  social: readonly [SocialProfile, SocialProfile, SocialProfile];
  /** Default image for link previews, relative to the site root. */
  shareImage: string;
}

export const site: SiteConfig = {
  name: 'Larkspur Web Studio',
  shortName: 'Larkspur',
  tagline: 'Websites that work as hard as you do.',
  description:
    'Larkspur Web Studio builds fast, accessible websites, online shops and web applications for small businesses, and keeps them secure, searchable and up to date.',
  locale: 'en_US',
  email: 'hello@larkspur.example',
  phone: { display: '(202) 555-0147', e164: '+12025550147' },
  whatsapp: '12025550147',
  social: [
    { network: 'linkedin', label: 'Larkspur Web Studio on LinkedIn', url: 'https://linkedin.example/company/larkspur-web-studio' },
    { network: 'instagram', label: 'Larkspur Web Studio on Instagram', url: 'https://instagram.example/larkspurweb' },
    { network: 'github', label: 'Larkspur Web Studio on GitHub', url: 'https://github.example/larkspur-web-studio' },
  ],
  shareImage: '/images/share-card.png',
};
