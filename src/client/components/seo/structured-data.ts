import type { Organization, ProfessionalService, WebSite, WithContext } from 'schema-dts';
import type { SiteSettings } from '../../../shared/contract/site/settings';
import { shareImageOf, SITE_LOCALE, SITE_LOGO } from '../../lib/site-content/site-identity';
import { absoluteUrl } from './absolute-url';

/** The agency as the publisher and provider of everything on the site (`@id` ties the pages' objects to the home page's). */
export function organizationRef(siteUrl: string, settings: SiteSettings) {
  return {
    '@type': 'Organization' as const,
    '@id': `${siteUrl}/#organization`,
    name: settings.name,
    url: `${siteUrl}/`,
    logo: absoluteUrl(siteUrl, SITE_LOGO),
  } satisfies Organization;
}

/**
 * Home: the agency with its address, contact details and profiles elsewhere, from Settings. A
 * `ProfessionalService` (a local business, and so an organisation too, which the other pages'
 * `Organization` references with the same `@id` point at): an agency that meets its clients has
 * an office, and the address is what Google's local-business result needs.
 */
export function organizationFor(siteUrl: string, settings: SiteSettings): WithContext<ProfessionalService> {
  const { street, locality, region, postalCode, country } = settings.address;
  return {
    '@context': 'https://schema.org',
    ...organizationRef(siteUrl, settings),
    '@type': 'ProfessionalService',
    address: { '@type': 'PostalAddress', streetAddress: street, addressLocality: locality, addressRegion: region, postalCode, addressCountry: country },
    ...(settings.areaServed ? { areaServed: settings.areaServed } : {}),
    description: settings.description,
    email: settings.email,
    telephone: settings.phoneInternational,
    image: absoluteUrl(siteUrl, shareImageOf(settings)),
    sameAs: settings.social.map((profile) => profile.url),
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: settings.email, telephone: settings.phoneInternational },
  };
}

/** Home: the site itself, with its blog search. */
export function webSiteFor(siteUrl: string, settings: SiteSettings): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${siteUrl}/#website`,
    name: settings.name,
    url: `${siteUrl}/`,
    description: settings.description,
    inLanguage: SITE_LOCALE.replace('_', '-'),
    publisher: { '@id': `${siteUrl}/#organization` },
  };
}
