import { blogCopy } from './blog-copy';
import { pagerView, stepPage } from './pager';
import styles from './Pager.module.css';

export interface PagerProps {
  page: number;
  /** Unknown (null) until the list's total arrives: nothing shows until then. */
  pageCount: number | null;
  /** Called with the page a button leads to; the list navigates there (the address holds the page). */
  onPage: (page: number) => void;
  /** The navigation's accessible name. */
  label?: string;
}

/** Previous, 'Page X of Y', Next; only when there is more than one page. */
export function Pager({ page, pageCount, onPage, label = 'Blog pages' }: PagerProps) {
  if (pageCount === null) return null;
  const position = { page, pageCount };
  const view = pagerView(position);
  if (!view.visible) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" className={styles.button} disabled={!view.canGoBack} onClick={() => onPage(stepPage(position, -1))}>
        {blogCopy.previous}
      </button>
      <p className={styles.label} aria-live="polite">
        {view.label}
      </p>
      <button type="button" className={styles.button} disabled={!view.canGoForward} onClick={() => onPage(stepPage(position, 1))}>
        {blogCopy.next}
      </button>
    </nav>
  );
}
