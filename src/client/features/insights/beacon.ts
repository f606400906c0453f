import type { Metric } from 'web-vitals';
import { deviceOf, EVENTS_PATH, type InsightEvent, type Vital } from '../../../shared/insights';

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
 * Starts counting (docs/product.md#insights) and answers the function that counts a page view.
 * Nothing is kept in the browser: no cookie, no storage. A visitor asking not to be tracked
 * (Do Not Track, Global Privacy Control) sends nothing at all; the server checks again.
 */
export function startInsights({ apiBaseUrl, pageTypeOf }: InsightsOptions): (path: string) => void {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (browser.doNotTrack === '1' || browser.globalPrivacyControl || !browser.sendBeacon) return () => undefined;
  const send = (event: InsightEvent) => browser.sendBeacon(apiBaseUrl + EVENTS_PATH, JSON.stringify(event));
  const device = () => deviceOf(window.innerWidth);

  // Web Vitals belong to the page the browser loaded; they are sent once, when it is hidden or left.
  const landing = location.pathname;
  const landingType = pageTypeOf(landing);
  if (landingType) {
    const figures: Partial<Record<Vital, number>> = {};
    const keep = (vital: Vital, scale: number) => (metric: Metric) => {
      figures[vital] = Math.round(metric.value * scale) / scale;
    };
    // A chunk of its own, so the view goes out without waiting for it. Loading it after the page
    // loses nothing: web-vitals reads the browser's buffered entries from the start of the page.
    // The package's single prebuilt file: its per-metric modules add soft-navigation code and weigh more.
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals').then(({ onLCP, onINP, onCLS }) => {
      onLCP(keep('lcp', 1));
      onINP(keep('inp', 1));
      onCLS(keep('cls', 1000));
    });
    let sent = false;
    // On window, so web-vitals' own listeners (on document) have reported their final values first.
    // pagehide counts whatever the visibility: a navigation in the same tab need not hide the page first.
    const leave = (event: Event) => {
      if (sent || (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') || Object.keys(figures).length === 0) return;
      sent = true;
      send({ kind: 'vitals', path: landing, type: landingType, device: device(), ...figures });
    };
    addEventListener('visibilitychange', leave);
    addEventListener('pagehide', leave);
  }

  let referrer = externalHost(document.referrer);
  let last: string | undefined;
  return (path) => {
    // React's strict mode runs an effect twice in development: one view per address change.
    if (path === last) return;
    last = path;
    const type = pageTypeOf(path);
    if (type) send({ kind: 'view', path, type, device: device(), ...(referrer ? { ref: referrer } : {}) });
    // Later views came from this site.
    referrer = undefined;
  };
}
