import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionActor } from './session-machine';

const SessionActorContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

/** The session machine, to send it events; `useSession` and its kin read it. */
export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSessionActor needs a SessionProvider above it.');
  return actor;
}

/**
 * Carries out the machine's redirects (after sign-in, sign-out, a rejected token) with the router.
 * It wraps the routes rather than sitting beside them: a sibling would shift every `useId` below
 * it, and the ids the browser computes would no longer match those in the server's HTML.
 */
export function SessionRedirects({ children }: { children: ReactNode }) {
  const actor = useSessionActor();
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = actor.on('redirect', ({ to, replace }) => {
      void navigate(to, { replace });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  return children;
}
