import type { SiteContent, SitePart } from '../../../shared/contract/site/parts';
import type { SiteContentSource } from '../../../shared/site-content/content-source';
import type { HeldSiteContent } from './site-content-api';

/**
 * A source that keeps what a render read of it: the server hands exactly that to the browser,
 * whose first render must find the same words in its store.
 */
export function recordingSource(source: SiteContentSource): { source: SiteContentSource; read: () => HeldSiteContent } {
  const parts: Partial<Record<SitePart, unknown>> = {};
  const held: HeldSiteContent & Required<Pick<HeldSiteContent, 'servicePages'>> = { parts: parts as Partial<SiteContent>, servicePages: {} };
  return {
    source: {
      preview: source.preview,
      part<P extends SitePart>(part: P): SiteContent[P] {
        return (parts[part] ??= source.part(part)) as SiteContent[P];
      },
      servicesOverview: () => (held.servicesOverview ??= source.servicesOverview()),
      servicePage: (slug) => (held.servicePages[slug] ??= source.servicePage(slug)),
      privacyPage: () => (held.privacy ??= source.privacyPage()),
    },
    read: () => held,
  };
}
