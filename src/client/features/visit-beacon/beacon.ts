import { campaignTag } from '../../../shared/campaign-tag';
import { deviceOf, EVENTS_PATH, type InsightEvent } from '../../../shared/insights';
import { collectVitals } from './vitals';

export interface InsightsOptions {
  /** Where the API is ('' for this origin). */
  apiBaseUrl: string;
  /** The route table's page type of a path; null for pages that are not counted. */
  pageTypeOf: (path: string) => string | null;
}

/** The referring site's host, or undefined for none and for this site itself. */
function externalHost(referrer: string): string | undefined {
  try {
    const { host } = new URL(referrer);
    return host && host !== location.host ? host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `utm_source` of the address this page was loaded at, as a lead's is kept, or undefined. The
 * navigation's own entry names that address even once the visitor has moved on, before the
 * beacon started; where it is missing, the current address is the landing one.
 */
function landingCampaign(): string | undefined {
  const [loaded] = performance.getEntriesByType?.('navigation') ?? [];
  const raw = new URL(loaded?.name ?? location.href).searchParams.get('utm_source');
  return raw === null ? undefined : (campaignTag(raw) ?? undefined);
}

/**
 * Starts counting (docs/product.md#insights) and answers the function that counts a page view.
 * Nothing is kept in the browser: no cookie, no storage. A visitor asking not to be tracked
 * (Do Not Track, Global Privacy Control) sends nothing at all; the server checks again.
 */
export function startInsights({ apiBaseUrl, pageTypeOf }: InsightsOptions): (path: string) => void {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (browser.doNotTrack === '1' || browser.globalPrivacyControl || !browser.sendBeacon) return () => undefined;
  const send = (event: InsightEvent) => browser.sendBeacon(apiBaseUrl + EVENTS_PATH, JSON.stringify(event));
  const device = () => deviceOf(window.innerWidth);

  collectVitals(pageTypeOf, send, device);

  // The visit's source: its campaign before the site that linked to it, as for a lead.
  let came: { ref?: string; utm?: string } | undefined = { ref: externalHost(document.referrer), utm: landingCampaign() };
  let last: string | undefined;
  return (path) => {
    // React's strict mode runs an effect twice in development: one view per address change.
    if (path === last) return;
    last = path;
    const type = pageTypeOf(path);
    if (type) send({ kind: 'view', path, type, device: device(), ...came });
    // Later views came from this site.
    came = undefined;
  };
}
