import { useEffect } from 'react';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this page? Your draft stays on this device.';

/**
 * Warns before the administrator leaves a page with unsaved changes: the browser's own dialog for
 * reloads, closed tabs and other sites, and a confirmation for the site's own links (the app's
 * router cannot block navigation, so a link click is stopped before it reaches the router).
 * The session's own redirects are not stopped: the draft is kept for them.
 */
export function useUnsavedChangesWarning(active: boolean, warning: string = LEAVE_WARNING): void {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      if (!window.confirm(warning)) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, warning]);
}
