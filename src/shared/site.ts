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

/** An image of the site, with its intrinsic size so that nothing shifts while it loads. */
export interface SiteImage {
  /** Path under the site root. */
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

export interface Package {
  id: string;
  title: string;
  /** US dollars per month. */
  pricePerMonth: number;
  features: readonly string[];
  idealFor: string;
  /** The card payment provider's checkout page for this package. */
  checkoutUrl: string;
  mostPopular?: boolean;
}

export interface BillingTerms {
  minimumMonths: number;
  gracePeriodDays: number;
  kickoffBusinessDays: { min: number; max: number };
}

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

/** A postal address as schema.org's `PostalAddress` has it; `country` is the ISO 3166-1 alpha-2 code. */
export interface PostalAddress {
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
}

/** The address on one line, as the footer shows it. */
export const addressLine = ({ street, locality, region, postalCode }: PostalAddress): string => `${street}, ${locality}, ${region} ${postalCode}`;

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
  /** Default image for link previews, relative to the site root (1200×630 PNG). */
  shareImage: string;
  /** What the share image shows: `og:image:alt` and `twitter:image:alt`. */
  shareImageAlt: string;
  /** The logo search engines show for the organisation, relative to the site root. */
  logo: string;
  /** The agency's X account ("@name"), for `twitter:site`; left out when it has none. */
  xAccount?: string;
  /** The areas the agency serves, for its structured data (schema.org `areaServed`). */
  areaServed?: string;
  /**
   * Where the agency is: shown in the footer and given to search engines (schema.org
   * `ProfessionalService` is a local business, and Google's local-business result requires an address).
   */
  address: PostalAddress;
  /** True while the address is the demo agency's made-up one; the footer then says so. */
  addressIsIllustrative: boolean;
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
  shareImageAlt: 'Larkspur Web Studio: websites that work as hard as you do.',
  logo: '/favicon.svg',
  // Made up like the rest of the demo agency (the phone's 555 number is in Washington's area code):
  // replace it with the real office's address, and set addressIsIllustrative to false.
  address: { street: '100 Example Street NW, Suite 555', locality: 'Washington', region: 'DC', postalCode: '20001', country: 'US' },
  addressIsIllustrative: true,
};

