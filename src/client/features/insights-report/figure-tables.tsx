import type { ReactNode } from 'react';
import { rateVital, VITALS, type InsightsReport, type Vital, type VitalRating } from '../../../shared/insights';
import { formatCount, formatVital } from './format';
import styles from './insights.module.css';

interface RankedProps<Row> {
  title: string;
  id: string;
  rows: Row[];
  empty: string;
  label: string;
  name: (row: Row) => ReactNode;
  views: (row: Row) => number;
}

/** A "top" list as a table: its name column, then page views. */
export function RankedTable<Row>({ title, id, rows, empty, label, name, views }: RankedProps<Row>) {
  return (
    <section aria-labelledby={id} className={styles.panel}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{label}</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{name(row)}</th>
                <td>{formatCount(views(row))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const VITAL_NAMES: Record<Vital, string> = { lcp: 'LCP', inp: 'INP', cls: 'CLS' };
const RATING_WORDS: Record<VitalRating, string> = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' };

/** Each page type's p75 LCP, INP and CLS, coloured (and worded) by the Core Web Vitals thresholds. */
export function VitalsTable({ vitals }: { vitals: InsightsReport['vitals'] }) {
  return (
    <section aria-labelledby="vitals-heading" className={`${styles.panel} ${styles.wide}`}>
      <h2 id="vitals-heading">Core Web Vitals (75th percentile)</h2>
      {vitals.length === 0 ? (
        <p>No visitor has reported Web Vitals in this period yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Page type</th>
              {VITALS.map((vital) => (
                <th key={vital} scope="col">
                  {VITAL_NAMES[vital]}
                </th>
              ))}
              <th scope="col">Reports</th>
            </tr>
          </thead>
          <tbody>
            {vitals.map((row) => (
              <tr key={row.pageType}>
                <th scope="row">{row.pageType}</th>
                {VITALS.map((vital) => {
                  const value = row[vital];
                  if (value === null) return <td key={vital}>—</td>;
                  const rating = rateVital(vital, value);
                  return (
                    <td key={vital} className={styles[rating]}>
                      {formatVital(vital, value)} <span className={styles.rating}>({RATING_WORDS[rating]})</span>
                    </td>
                  );
                })}
                <td>{formatCount(row.samples)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
