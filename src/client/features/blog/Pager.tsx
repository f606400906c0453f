import { blogCopy } from './blog-copy';
import { pagerReducer, pagerView, type PagerAction, type PagerState } from './pager';
import styles from './Pager.module.css';

/** Previous, 'Page X of Y', Next; only when there is more than one page. */
export function Pager({ state, onPage }: { state: PagerState; onPage: (page: number) => void }) {
  const view = pagerView(state);
  if (!view.visible) return null;
  const move = (action: PagerAction) => onPage(pagerReducer(state, action).page);
  return (
    <nav className={styles.pager} aria-label="Blog pages">
      <button type="button" className={styles.button} disabled={!view.canGoBack} onClick={() => move({ type: 'previous' })}>
        {blogCopy.previous}
      </button>
      <p className={styles.label} aria-live="polite">
        {view.label}
      </p>
      <button type="button" className={styles.button} disabled={!view.canGoForward} onClick={() => move({ type: 'next' })}>
        {blogCopy.next}
      </button>
    </nav>
  );
}
