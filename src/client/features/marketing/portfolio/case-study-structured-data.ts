import type { CreativeWork, WithContext } from 'schema-dts';
import type { CaseStudy } from '../../../../shared/contract/case-studies';
import { paths } from '../../../../shared/paths';
import type { SiteSettings } from '../../../../shared/contract/site/settings';
import { absoluteUrl } from '../../../components/seo/absolute-url';
import { organizationRef } from '../../../components/seo/structured-data';

/** schema.org CreativeWork for a case study: the project, made by the agency for its client. */
export function creativeWorkFor(study: CaseStudy, siteUrl: string, settings: SiteSettings): WithContext<CreativeWork> {
  const url = absoluteUrl(siteUrl, paths.caseStudy(study.slug));
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: study.title,
    description: study.summary,
    image: absoluteUrl(siteUrl, study.cover.url),
    url,
    ...(study.publishedAt ? { datePublished: study.publishedAt } : {}),
    dateModified: study.updatedAt,
    about: study.sector,
    ...(study.liveUrl ? { sameAs: study.liveUrl } : {}),
    creator: organizationRef(siteUrl, settings),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
  };
}
