import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '../../../lib/store/hooks';
import { useSessionActor, isUnexpired } from '../../session';
import { selectSession, type SessionState } from '../../session';
import { AdminNav } from '../navigation/admin-nav';
import { SessionExpiryNotice } from './session-expiry-notice';
import { paths } from '../../../../shared/paths';

function holdsUsableToken(session: SessionState, now: number): boolean {
  return (session.status === 'authenticated' || session.status === 'expiring') && !!session.token && !!session.user && isUnexpired(session.user, now);
}

/**
 * The guard of the admin routes (docs/product.md#guard): with a token missing, expired or undecodable it logs
 * out and replaces the page with /admin/login, before anything of the page renders or fetches.
 * While the page is open the session machine's timers and other tabs end the session, and this
 * guard follows, so a tab left on an admin page never shows it without a session.
 */
export function RequireSession({ children, nav = true }: { children: ReactNode; nav?: boolean }) {
  const session = useAppSelector(selectSession);
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
      {nav ? <AdminNav /> : null}
      <SessionExpiryNotice />
      {children}
    </>
  );
}
