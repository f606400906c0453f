import type { Organization, ProfessionalService, WebSite, WithContext } from 'schema-dts';
import { site } from '../../../shared/site';
import { absoluteUrl } from './absolute-url';

/** The agency as the publisher and provider of everything on the site (`@id` ties the pages' objects to the home page's). */
export function organizationRef(siteUrl: string) {
  return {
    '@type': 'Organization' as const,
    '@id': `${siteUrl}/#organization`,
    name: site.name,
    url: `${siteUrl}/`,
    logo: absoluteUrl(siteUrl, site.logo),
  } satisfies Organization;
}

/**
 * Home: the agency with its address, contact details and profiles elsewhere, from the site
 * configuration. A `ProfessionalService` (a local business, and so an organisation too, which
 * the other pages' `Organization` references with the same `@id` point at): an agency that
 * meets its clients has an office, and the address is what Google's local-business result needs.
 */
export function organizationFor(siteUrl: string): WithContext<ProfessionalService> {
  const { street, locality, region, postalCode, country } = site.address;
  return {
    '@context': 'https://schema.org',
    ...organizationRef(siteUrl),
    '@type': 'ProfessionalService',
    address: { '@type': 'PostalAddress', streetAddress: street, addressLocality: locality, addressRegion: region, postalCode, addressCountry: country },
    ...(site.areaServed ? { areaServed: site.areaServed } : {}),
    description: site.description,
    email: site.email,
    telephone: site.phone.e164,
    image: absoluteUrl(siteUrl, site.shareImage),
    sameAs: site.social.map((profile) => profile.url),
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: site.email, telephone: site.phone.e164 },
  };
}

/** Home: the site itself, with its blog search. */
export function webSiteFor(siteUrl: string): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${siteUrl}/#website`,
    name: site.name,
    url: `${siteUrl}/`,
    description: site.description,
    inLanguage: site.locale.replace('_', '-'),
    publisher: { '@id': `${siteUrl}/#organization` },
  };
}
