import type { PublishedPrivacyPage, PublishedServicePage, PublishedServicesOverview } from '../contract/site/api';
import type { SiteContent, SitePart } from '../contract/site/parts';
import type { ServiceSlug } from '../service-slugs';

/**
 * Site content at hand, as the pages read it, where it need not be fetched: the server's render
 * reads the live content from memory, the owner's preview the draft it holds.
 */
export interface SiteContentSource {
  /** The owner's preview of unpublished words: never indexed. */
  readonly preview: boolean;
  part<P extends SitePart>(part: P): SiteContent[P];
  servicesOverview(): PublishedServicesOverview;
  servicePage(slug: ServiceSlug): PublishedServicePage;
  privacyPage(): PublishedPrivacyPage;
}
