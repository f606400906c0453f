import type { Metric } from 'web-vitals';
import type { InsightEvent } from '../../../shared/insights';
import { collectVitals } from './vitals';

type Report = (metric: Metric) => void;
const reporters: Record<string, { report: Report; options: unknown }> = {};
jest.mock('web-vitals', () => ({
  onLCP: (report: Report, options: unknown) => (reporters.LCP = { report, options }),
  onINP: (report: Report, options: unknown) => (reporters.INP = { report, options }),
  onCLS: (report: Report, options: unknown) => (reporters.CLS = { report, options }),
}));

const pageTypeOf = (path: string) => (path.startsWith('/admin') ? null : path === '/' ? 'home' : 'services');
const metric = (name: 'LCP' | 'INP' | 'CLS', value: number, navigationId: number, url: string) =>
  reporters[name]!.report({ name, value, navigationId, navigationURL: `http://localhost${url}` } as Metric);

async function start() {
  const sent: InsightEvent[] = [];
  collectVitals(pageTypeOf, (event) => sent.push(event), () => 'desktop');
  // web-vitals comes once the page has loaded and the browser is idle.
  await new Promise((resolve) => setTimeout(resolve, 10));
  await Promise.resolve();
  return sent;
}

const leave = () => dispatchEvent(new Event('pagehide'));

it('sends each page’s vitals once on leaving, the landing page and each soft navigation apart, none for pages not counted', async () => {
  const sent = await start();
  expect(reporters.LCP!.options).toEqual({ reportSoftNavs: true });
  metric('LCP', 1234.4, 1, '/');
  metric('CLS', 0.01234, 1, '/');
  metric('INP', 88, 1, '/');
  metric('CLS', 0.2, 2, '/services');
  metric('LCP', 800, 3, '/admin/dashboard');
  expect(sent).toEqual([]);
  leave();
  expect(sent).toEqual([
    { kind: 'vitals', path: '/', type: 'home', device: 'desktop', lcp: 1234, cls: 0.012, inp: 88 },
    { kind: 'vitals', path: '/services', type: 'services', device: 'desktop', cls: 0.2 },
  ]);
  // Figures reported after a page's vitals went out are not sent again.
  metric('CLS', 0.5, 2, '/services');
  leave();
  expect(sent).toHaveLength(2);
});

it('waits for the page to be hidden, not merely shown again', async () => {
  const sent = await start();
  metric('LCP', 500, 7, '/');
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  dispatchEvent(new Event('visibilitychange'));
  expect(sent).toEqual([]);
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  dispatchEvent(new Event('visibilitychange'));
  expect(sent).toEqual([{ kind: 'vitals', path: '/', type: 'home', device: 'desktop', lcp: 500 }]);
});
