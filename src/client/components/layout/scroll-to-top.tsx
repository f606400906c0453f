import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Scrolls to the top when the path or the query changes; a change of hash alone keeps its place. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
  return null;
}
