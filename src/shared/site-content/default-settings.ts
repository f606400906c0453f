import type { SiteSettings } from '../contract/site/settings';

/**
 * The demo agency the site ships as: the owner replaces it in the admin area. Addresses use
 * reserved example domains (RFC 2606), the phone number is in the 555-01xx range set aside for
 * fiction, and the postal address is made up (the footer says so while it is marked an example).
 */
export const defaultSettings: SiteSettings = {
  name: 'Larkspur Web Studio',
  shortName: 'Larkspur',
  tagline: 'Websites that work as hard as you do.',
  description:
    'Larkspur Web Studio builds fast, accessible websites, online shops and web applications for small businesses, and keeps them secure, searchable and up to date.',
  email: 'hello@larkspur.example',
  phone: '(202) 555-0147',
  phoneInternational: '+12025550147',
  whatsapp: '12025550147',
  address: { street: '100 Example Street NW, Suite 555', locality: 'Washington', region: 'DC', postalCode: '20001', country: 'US' },
  addressIsIllustrative: true,
  areaServed: '',
  social: [
    { network: 'linkedin', label: 'Larkspur Web Studio on LinkedIn', url: 'https://linkedin.example/company/larkspur-web-studio' },
    { network: 'instagram', label: 'Larkspur Web Studio on Instagram', url: 'https://instagram.example/larkspurweb' },
    { network: 'github', label: 'Larkspur Web Studio on GitHub', url: 'https://github.example/larkspur-web-studio' },
  ],
  xAccount: '',
  shareImage: null,
  timeZone: 'America/New_York',
};
