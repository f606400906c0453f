import { Link } from 'react-router-dom';
import { FEATURED_SLOTS } from '../../../../shared/case-studies';
import type { CaseStudyCard } from '../../../../shared/contract/case-studies';
import { paths } from '../../../../shared/paths';
import { SiteImg } from '../../../components/ui/site-img';
import { placeholderTiles, portfolioGrid, type PlaceholderTile } from '../content/portfolio-grid';
import styles from './portfolio-grid.module.css';

/** Four empty slots: what the grid shows until the portfolio arrives. */
export const EMPTY_SLOTS: readonly null[] = Array.from({ length: FEATURED_SLOTS }, () => null);

const SIZES = '(min-width: 72rem) 34rem, (min-width: 40rem) 50vw, 100vw';

/**
 * The four-tile grid of the home and portfolio pages: the featured case studies in the owner's
 * order, each linking to its page and to the client's live site when it has one; an empty slot
 * shows a project still being built, without links.
 */
export function PortfolioGrid({ featured }: { featured: readonly (CaseStudyCard | null)[] }) {
  let empty = 0;
  return (
    <ul className={styles.grid}>
      {featured.map((study, slot) => (
        <li key={study?.id ?? `slot-${slot}`}>
          {study ? <CaseStudyTile study={study} /> : <Placeholder tile={placeholderTiles[empty++ % placeholderTiles.length]!} />}
        </li>
      ))}
    </ul>
  );
}

function CaseStudyTile({ study }: { study: CaseStudyCard }) {
  const { cover } = study;
  return (
    <article className={styles.tile}>
      <SiteImg image={{ src: cover.url, ...(cover.srcSet ? { srcSet: cover.srcSet } : {}), width: cover.width, height: cover.height, alt: cover.alt }} className={styles.image} sizes={SIZES} />
      <div className={styles.body}>
        <p className={styles.client}>{study.client}</p>
        <h3 className={styles.title}>{study.title}</h3>
        <p className={styles.summary}>{study.summary}</p>
        <p className={styles.links}>
          <Link className={styles.visit} to={paths.caseStudy(study.slug)}>
            {portfolioGrid.readLabel}
            <span className="visually-hidden">: {study.title}</span>
          </Link>
          {study.liveUrl ? (
            <a className={styles.visit} href={study.liveUrl} target="_blank" rel="noopener noreferrer">
              {portfolioGrid.visitLabel}
              <span className="visually-hidden">
                {' '}
                of {study.title}
                {portfolioGrid.newTab}
              </span>
              <span aria-hidden="true"> ↗</span>
            </a>
          ) : null}
        </p>
      </div>
    </article>
  );
}

function Placeholder({ tile }: { tile: PlaceholderTile }) {
  return (
    <article className={`${styles.tile} ${styles.placeholder}`}>
      <SiteImg image={tile.image} className={styles.image} sizes={SIZES} />
      <div className={styles.body}>
        <p className={styles.client}>{portfolioGrid.placeholderLabel}</p>
        <h3 className={styles.title}>{tile.title}</h3>
        <p className={styles.summary}>{tile.summary}</p>
      </div>
    </article>
  );
}
