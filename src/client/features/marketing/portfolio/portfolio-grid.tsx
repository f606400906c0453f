import type { PortfolioEntry } from '../../../../shared/site';
import { SiteImg } from '../../../components/ui/site-img';
import { portfolioGrid } from '../content/portfolio';
import styles from './portfolio-grid.module.css';

/** The four-tile sample grid of the home and portfolio pages: live client sites and placeholders. */
export function PortfolioGrid({ entries }: { entries: readonly PortfolioEntry[] }) {
  return (
    <ul className={styles.grid}>
      {entries.map((entry) => (
        <li key={entry.title}>
          <article className={entry.url ? styles.tile : `${styles.tile} ${styles.placeholder}`}>
            <SiteImg image={entry.image} className={styles.image} sizes="(min-width: 72rem) 34rem, (min-width: 40rem) 50vw, 100vw" />
            <div className={styles.body}>
              <p className={styles.client}>{entry.client}</p>
              <h3 className={styles.title}>{entry.title}</h3>
              <p className={styles.summary}>{entry.summary}</p>
              {entry.url ? (
                <a className={styles.visit} href={entry.url} target="_blank" rel="noopener noreferrer">
                  {portfolioGrid.visitLabel}
                  <span className="visually-hidden">
                    {' '}
                    of {entry.title}
                    {portfolioGrid.newTab}
                  </span>
                  <span aria-hidden="true"> ↗</span>
                </a>
              ) : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
