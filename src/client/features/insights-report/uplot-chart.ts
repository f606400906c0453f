import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { InsightsReport } from '../../../shared/insights';
import { formatCount, formatDay } from './format';

const DAY = 86_400;
const DAY_STEPS = [1, 2, 7, 14, 28].map((days) => days * DAY);

/** Draws the daily chart into `element`, as wide as it is, and follows its width. */
export function drawDailyChart(element: HTMLElement, daily: InsightsReport['daily'], colours: { visitors: string; views: string }): { destroy(): void } {
  const days = daily.map((row) => Date.parse(`${row.day}T00:00:00Z`) / 1000);
  const width = () => Math.max(280, element.clientWidth);
  const plot = new uPlot(
    {
      width: width(),
      height: 260,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      axes: [
        // Ticks a whole number of days apart: uPlot's own steps include hours, which labelled by
        // their day printed each date two or three times.
        { incrs: DAY_STEPS, values: (_u, ticks) => ticks.map((tick) => formatDay(new Date(tick * 1000).toISOString().slice(0, 10))) },
        { values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? formatCount(tick) : '')) },
      ],
      series: [
        {},
        { label: 'Visitors', stroke: colours.visitors, width: 2, value: (_u, v) => (v == null ? '' : formatCount(v)) },
        { label: 'Page views', stroke: colours.views, width: 2, dash: [6, 4], value: (_u, v) => (v == null ? '' : formatCount(v)) },
      ],
    },
    [days, daily.map((row) => row.visitors), daily.map((row) => row.views)],
    element,
  );
  const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 260 }));
  resize.observe(element);
  return {
    destroy() {
      resize.disconnect();
      plot.destroy();
    },
  };
}
