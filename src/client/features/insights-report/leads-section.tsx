import type { ReactNode } from 'react';
import type { InsightRange } from '../../../shared/insights';
import type { LeadsReport } from '../../../shared/leads';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage } from '../../components/forms/form-messages';
import { formatCount } from './format';
import { useGetLeadsReportQuery } from './insights-api';
import styles from './insights.module.css';

type Figures = { leads: number; won: number; wonAmount: number };
const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rate = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** Leads and won leads per row as bars (for the eye), the table below holding every figure. */
function LeadsBars({ rows }: { rows: Array<{ name: string } & Figures> }) {
  const most = Math.max(1, ...rows.map((row) => row.leads));
  return (
    <div className={styles.bars} aria-hidden="true">
      {rows.map((row) => (
        <div key={row.name} className={styles.barRow}>
          <span className={styles.barName}>{row.name}</span>
          <span className={styles.barTrack}>
            <span className={styles.barLeads} style={{ width: `${(row.leads / most) * 100}%` }} />
            <span className={styles.barWon} style={{ width: `${(row.won / most) * 100}%` }} />
          </span>
        </div>
      ))}
    </div>
  );
}

function FiguresTable<Row extends Figures>({ id, title, label, rows, name, extra }: { id: string; title: string; label: string; rows: Row[]; name: (row: Row) => ReactNode; extra?: { heads: string[]; cells: (row: Row) => ReactNode[] } }) {
  return (
    <section aria-labelledby={id} className={`${styles.panel} ${styles.wide}`}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p>No leads in this period.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{label}</th>
              <th scope="col">Leads</th>
              <th scope="col">Won</th>
              <th scope="col">Amount won</th>
              {extra?.heads.map((head) => (
                <th key={head} scope="col">
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{name(row)}</th>
                <td>{formatCount(row.leads)}</td>
                <td>{formatCount(row.won)}</td>
                <td>{money.format(row.wonAmount)}</td>
                {extra?.cells(row).map((cell, cellIndex) => <td key={cellIndex}>{cell}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Where the leads came from, for the same period as the rest of the page. */
export function LeadsSection({ days }: { days: InsightRange }) {
  const { data, error } = useGetLeadsReportQuery(days, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="leads-heading" className={styles.leads}>
      <h2 id="leads-heading">Leads</h2>
      {error ? <ErrorMessage>{apiErrorMessage(error, 'The leads could not be loaded.')}</ErrorMessage> : null}
      {data ? <LeadsFigures report={data} /> : null}
    </section>
  );
}

function LeadsFigures({ report }: { report: LeadsReport }) {
  return (
    <>
      <p className={styles.totals}>
        <strong>{formatCount(report.leads)}</strong> {report.leads === 1 ? 'lead' : 'leads'}, <strong>{formatCount(report.won)}</strong> won for{' '}
        <strong>{money.format(report.wonAmount)}</strong>.
      </p>
      <figure className={styles.figure}>
        <figcaption>Leads and won leads by source</figcaption>
        <LeadsBars rows={report.bySource.map((row) => ({ ...row, name: row.source }))} />
      </figure>
      <div className={styles.panels}>
        <FiguresTable
          id="lead-sources-heading"
          title="By source"
          label="Source"
          rows={report.bySource}
          name={(row) => row.source}
          extra={{ heads: ['Visitors', 'Leads per visitor'], cells: (row) => [row.visitors === null ? 'Not counted' : formatCount(row.visitors), row.rate === null ? '–' : rate.format(row.rate)] }}
        />
        <FiguresTable id="lead-landing-heading" title="By landing page" label="Landing page" rows={report.byLandingPage} name={(row) => row.path} />
        <FiguresTable id="lead-posts-heading" title="By post read before writing" label="Post" rows={report.byPostRead} name={(row) => <a href={row.path}>{row.title}</a>} />
      </div>
    </>
  );
}
