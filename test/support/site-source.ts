import type { PublishedServicePage } from '../../src/shared/contract/site/api';
import type { SiteContent } from '../../src/shared/contract/site/parts';
import { renderMarkdownHtml } from '../../src/shared/markdown/render-html';
import type { ServiceSlug } from '../../src/shared/service-slugs';
import type { SiteContentSource } from '../../src/shared/site-content/content-source';
import { siteDefaults } from '../../src/shared/site-content/defaults';
import { privacySections } from '../../src/shared/site-content/privacy-sections';
import { servicesOverview } from '../../src/shared/site-content/services-overview';

/** Content as the server's render has it at hand (a fresh site's by default), markdown rendered as the server renders it. */
export function siteSourceOf(content: SiteContent = siteDefaults, siteUrl = 'https://agency.test'): SiteContentSource {
  const pages = new Map<ServiceSlug, PublishedServicePage>();
  return {
    preview: false,
    part: (part) => content[part],
    servicesOverview: () => servicesOverview(content.services),
    servicePage: (slug) => {
      if (!pages.has(slug)) pages.set(slug, { ...content.services.pages[slug], html: renderMarkdownHtml(content.services.pages[slug].text, siteUrl) });
      return pages.get(slug)!;
    },
    privacyPage: () => ({ title: content.privacy.title, lead: content.privacy.lead, updated: content.privacy.updated, sections: privacySections(content.privacy, siteUrl) }),
  };
}
