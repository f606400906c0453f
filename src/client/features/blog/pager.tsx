import type { KeyboardEvent, MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { blogCopy } from './blog-copy';
import { pagerView, searchForPage, stepPage } from './page-numbers';
import styles from './pager.module.css';

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
  const { pathname, search } = useLocation();
  if (pageCount === null) return null;
  const position = { page, pageCount };
  const view = pagerView(position);
  if (!view.visible) return null;
  const step = (direction: -1 | 1, enabled: boolean, text: string) => {
    const target = stepPage(position, direction);
    return enabled ? (
      <PageLink href={`${pathname}${searchForPage(new URLSearchParams(search), target)}`} onFollow={() => onPage(target)}>
        {text}
      </PageLink>
    ) : (
      <button type="button" className={styles.button} disabled>
        {text}
      </button>
    );
  };
  return (
    <nav className={styles.pager} aria-label={label}>
      {step(-1, view.canGoBack, blogCopy.previous)}
      <p className={styles.label} aria-live="polite">
        {view.label}
      </p>
      {step(1, view.canGoForward, blogCopy.next)}
    </nav>
  );
}

/**
 * An enabled Previous or Next: a real link to the page's address, so that it works before the
 * script has loaded (or without it) and crawlers reach every page; the button role keeps it what
 * the pager's controls have always been to assistive technology, and Space presses it as it
 * presses a button. With the script, a plain click stays in the app (`onFollow`); a click meant
 * for a new tab or window is left to the browser.
 */
function PageLink({ href, onFollow, children }: { href: string; onFollow: () => void; children: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onFollow();
  };
  const press = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    onFollow();
  };
  return (
    <a href={href} role="button" className={styles.button} onClick={follow} onKeyDown={press}>
      {children}
    </a>
  );
}
