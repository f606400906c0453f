import type { SiteContent } from '../../src/shared/contract/site/parts';
import type { SiteContentSource } from '../../src/shared/site-content/content-source';
import { siteDefaults } from '../../src/shared/site-content/defaults';
import { LiveSources, RenderedPages } from '../../src/server/site/rendered-pages';

/** Content as the server's render has it at hand (a fresh site's by default), made by the server's own code. */
export function siteSourceOf(content: SiteContent = siteDefaults, siteUrl = 'https://agency.test'): SiteContentSource {
  return new LiveSources(new RenderedPages(siteUrl)).of({ content, publishedAt: null });
}
