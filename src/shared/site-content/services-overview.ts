import type { PublishedServicesOverview } from '../contract/site/api';
import type { ServicesContent } from '../contract/site/services';
import { SERVICE_SLUGS } from '../service-slugs';

/** What `/services` shows: the overview's words, and of each service page what its tile and link show. */
export function servicesOverview({ hero, grid, core, process, pages }: ServicesContent): PublishedServicesOverview {
  return { hero, grid, core, process, pages: Object.fromEntries(SERVICE_SLUGS.map((slug) => [slug, { title: pages[slug].title, image: pages[slug].image }])) };
}
