import { paths } from '../../../shared/paths';
import type { FAQPage, Offer, Service, WithContext } from 'schema-dts';
import type { PackagesContent } from '../../../shared/contract/site/packages';
import type { SiteSettings } from '../../../shared/contract/site/settings';

type Package = PackagesContent['packages'][number];
import { organizationRef } from '../../components/seo/structured-data';
import type { ServicePageContent } from '../../../shared/contract/site/services';
import type { ServiceSlug } from '../../../shared/service-slugs';

/** The packages page's FAQ, as schema.org asks a page of questions and answers to be told. */
export function faqPageFor(siteUrl: string, faq: readonly { question: string; answer: string }[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: `${siteUrl}/packages`,
    mainEntity: faq.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })),
  };
}

/** A package as an offer: its monthly price in US dollars, the service it buys, the checkout that sells it. */
export function offerFor(siteUrl: string, pkg: Package, settings: SiteSettings): WithContext<Offer> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: pkg.title,
    description: pkg.idealFor,
    price: pkg.pricePerMonth,
    priceCurrency: 'USD',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: pkg.pricePerMonth,
      priceCurrency: 'USD',
      unitCode: 'MON',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
    },
    availability: 'https://schema.org/InStock',
    url: pkg.checkoutUrl,
    itemOffered: { '@type': 'Service', name: pkg.title, description: pkg.features.join('; '), provider: organizationRef(siteUrl, settings) },
    seller: organizationRef(siteUrl, settings),
  };
}

/** A service page's service, provided by the agency. */
export function serviceFor(siteUrl: string, service: ServicePageContent & { slug: ServiceSlug }, settings: SiteSettings): WithContext<Service> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url: `${siteUrl}${paths.service(service.slug)}`,
    provider: organizationRef(siteUrl, settings),
  };
}
