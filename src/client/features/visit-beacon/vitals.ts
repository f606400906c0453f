import type { Metric } from 'web-vitals';
import type { InsightEvent, Vital } from '../../../shared/insights';

interface PageVitals {
  path: string;
  type: string;
  figures: Partial<Record<Vital, number>>;
  sent: boolean;
}

/** Runs `task` once the page has loaded and the browser has nothing more urgent to do. */
function afterLoad(task: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 0));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/**
 * Real visitors' LCP, INP and CLS, one vitals event per page, sent when the page is hidden or
 * left. A page is the one the browser loaded or, where the browser reports soft navigations
 * (Chromium 151 on), each route change the visitor made: web-vitals then measures each of them
 * apart (`reportSoftNavs`) and names the address it measured (`navigationURL`).
 *
 * web-vitals (some 2.8 kB) is fetched after the load event, when the browser is idle, so the
 * first load carries only the beacon. Nothing is lost by waiting: it reads the browser's
 * buffered entries from the start of the page (LCP, layout shifts, the first input, and every
 * interaction of 104 ms or more; only quicker ones before it loads, which cannot make INP worse
 * than what it reports, go unseen).
 */
export function collectVitals(pageTypeOf: (path: string) => string | null, send: (event: InsightEvent) => void, device: () => InsightEvent['device']): void {
  const pages = new Map<number, PageVitals>();
  const keep = (vital: Vital, scale: number) => (metric: Metric) => {
    let page = pages.get(metric.navigationId);
    if (!page) {
      const path = metric.navigationURL ? new URL(metric.navigationURL, location.href).pathname : location.pathname;
      const type = pageTypeOf(path);
      // Pages that are not counted (the admin area, reached by a route change) keep nothing.
      if (!type) return;
      page = { path, type, figures: {}, sent: false };
      pages.set(metric.navigationId, page);
    }
    if (!page.sent) page.figures[vital] = Math.round(metric.value * scale) / scale;
  };
  afterLoad(() => {
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals').then(({ onLCP, onINP, onCLS }) => {
      const options = { reportSoftNavs: true };
      onLCP(keep('lcp', 1), options);
      onINP(keep('inp', 1), options);
      onCLS(keep('cls', 1000), options);
    });
  });
  // On window, so web-vitals' own listeners (on document) have reported their final values first.
  // pagehide counts whatever the visibility: a navigation in the same tab need not hide the page first.
  const leave = (event: Event) => {
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    for (const page of pages.values()) {
      if (page.sent || Object.keys(page.figures).length === 0) continue;
      page.sent = true;
      send({ kind: 'vitals', path: page.path, type: page.type, device: device(), ...page.figures });
    }
  };
  addEventListener('visibilitychange', leave);
  addEventListener('pagehide', leave);
}
