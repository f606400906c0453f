import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/** False on the server and while hydrating, true once the page runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}

/** Renders its children only in the browser, after hydration, so server and client HTML agree. */
export function BrowserOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
