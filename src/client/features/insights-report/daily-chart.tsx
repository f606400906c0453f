import { useEffect, useRef } from 'react';
import type { InsightsReport } from '../../../shared/insights';
import { formatCount, formatDay } from './format';
import styles from './insights.module.css';

const VISITORS_COLOUR = '#1d4ed8';
const VIEWS_COLOUR = '#b45309';

/**
 * Visitors and page views per day: a uPlot chart (loaded with this page only), and the same
 * figures as a table that screen readers and keyboard users can read.
 */
export function DailyChart({ daily }: { daily: InsightsReport['daily'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import(/* webpackChunkName: "admin-charts" */ './uplot-chart')
      .then(({ drawDailyChart }) => {
        if (!cancelled) chart = drawDailyChart(element, daily, { visitors: VISITORS_COLOUR, views: VIEWS_COLOUR });
      })
      // Without a canvas (an old browser, a test's DOM) the table below still holds every figure.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [daily]);

  return (
    <figure className={styles.figure}>
      <figcaption id="daily-caption">Visitors and page views per day</figcaption>
      <div ref={box} className={styles.chart} aria-hidden="true" />
      <details className={styles.figures}>
        <summary>Visitors and page views per day as a table</summary>
        <table>
          <caption className="visually-hidden">Visitors and page views per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((row) => (
              <tr key={row.day}>
                <th scope="row">{formatDay(row.day)}</th>
                <td>{formatCount(row.visitors)}</td>
                <td>{formatCount(row.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
