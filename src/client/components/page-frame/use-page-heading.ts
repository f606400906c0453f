import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The page's heading, focused when the page was reached by a navigation inside the app, so a
 * screen reader announces where the administrator landed (a fresh load starts at the top as usual,
 * and a change of query within the page, such as its pager, leaves focus alone).
 */
export function usePageHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  const { key } = useLocation();
  const arrivedBy = useRef(key);
  useEffect(() => {
    if (arrivedBy.current !== 'default') ref.current?.focus();
  }, []);
  return ref;
}
