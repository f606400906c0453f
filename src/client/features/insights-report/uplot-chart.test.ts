import { formatDay } from './format';

/** The texts uPlot draws on its canvases: jsdom has no canvas, so a context that records them. */
function recordCanvasText(): string[] {
  const drawn: string[] = [];
  const context = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (name === 'fillText') return (text: string) => drawn.push(text);
        if (name === 'measureText') return (text: string) => ({ width: text.length * 7 });
        if (name === 'canvas') return document.createElement('div');
        return () => undefined;
      },
      set: () => true,
    },
  );
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  return drawn;
}

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
  // Paths are drawn, not read: any object with the methods will do.
  (window as unknown as { Path2D: unknown }).Path2D ??= class {
    constructor() {
      return new Proxy({}, { get: () => () => undefined });
    }
  };
  window.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

it.each([7, 30, 90])('labels each day under the axis once at most, over %i days', async (days) => {
  // uPlot reads matchMedia as it loads.
  const { drawDailyChart } = await import('./uplot-chart');
  const drawn = recordCanvasText();
  const start = Date.parse('2026-03-01T00:00:00Z');
  const daily = Array.from({ length: days }, (_, index) => ({ day: new Date(start + index * 86_400_000).toISOString().slice(0, 10), visitors: index, views: 2 * index }));
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 800 });
  document.body.append(element);
  const chart = drawDailyChart(element, daily, { visitors: '#00f', views: '#f00' });
  // uPlot draws in a microtask after it is made.
  await new Promise((resolve) => setTimeout(resolve, 0));

  const dayLabels = new Set(daily.map((row) => formatDay(row.day)));
  const labels = drawn.filter((text) => dayLabels.has(text));
  expect(labels.length).toBeGreaterThan(1);
  expect(new Set(labels).size).toBe(labels.length);
  chart.destroy();
  element.remove();
});
