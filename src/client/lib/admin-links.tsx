import { createContext, useContext, type ReactNode } from 'react';

/** A page of the admin area as its navigation lists it. */
export interface AdminLink {
  path: string;
  label: string;
}

const AdminLinksContext = createContext<readonly AdminLink[]>([]);

/**
 * Hands the admin area's pages, which the route table declares, to the admin navigation: a
 * feature may not read the route table itself, so the app passes it down.
 */
export function AdminLinksProvider({ links, children }: { links: readonly AdminLink[]; children: ReactNode }) {
  return <AdminLinksContext.Provider value={links}>{children}</AdminLinksContext.Provider>;
}

export function useAdminLinks(): readonly AdminLink[] {
  return useContext(AdminLinksContext);
}
