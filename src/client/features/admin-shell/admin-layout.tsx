import { useEffect, useState } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation } from 'react-router-dom';
import { isUnexpired, useSessionActor, type SessionState } from '../session';
import { useSession } from './use-session';
import { paths } from '../../../shared/paths';
import { AdminNav } from './admin-nav';
import type { AdminPage } from './admin-page';
import { SessionExpiryNotice } from './session-expiry-notice';

function holdsUsableToken(session: SessionState, now: number): boolean {
  return (session.status === 'authenticated' || session.status === 'expiring') && !!session.token && !!session.user && isUnexpired(session.user, now);
}

/**
 * The frame of every page behind the session guard: the guard, the admin navigation (whose links
 * are the labels the pages declare) and the page. Keyed by the page, so that each visit to a page
 * reads the clock afresh, as a guard of its own would.
 */
export default function AdminLayout({ pages }: { pages: readonly AdminPage[] }) {
  const location = useLocation();
  const page = matchRoutes([...pages], location)?.at(-1)?.route;
  return <SessionGuard key={page?.path} pages={pages} page={page} />;
}

/**
 * The guard of the admin routes (docs/product.md#guard): with a token missing, expired or undecodable it logs
 * out and replaces the page with /admin/login, before anything of the page renders or fetches.
 * While the page is open the session machine's timers and other tabs end the session, and this
 * guard follows, so a tab left on an admin page never shows it without a session.
 */
function SessionGuard({ pages, page }: { pages: readonly AdminPage[]; page: AdminPage | undefined }) {
  const session = useSession();
  const actor = useSessionActor();
  // The clock is read once per visit to a page; after that the machine's timers keep watch.
  const [enteredAt] = useState(() => Date.now());
  const usable = holdsUsableToken(session, enteredAt);

  useEffect(() => {
    if (!usable && session.status !== 'loggedOut' && session.status !== 'restoring') actor.send({ type: 'LOGOUT', redirect: false });
  }, [usable, session.status, actor]);

  if (session.status === 'restoring') return null;
  if (!usable) return <Navigate to={paths.adminLogin} replace />;
  return (
    <>
      {page?.handle?.withoutNav ? null : <AdminNav pages={pages} />}
      <SessionExpiryNotice />
      <Outlet />
    </>
  );
}
