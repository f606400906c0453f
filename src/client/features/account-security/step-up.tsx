import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The API's answer to a change that needs a recent sign-in: 403 `{ message, reauth: true }`. */
function needsReauth(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 403) return false;
  const data = (error as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && (data as { reauth?: unknown }).reauth === true;
}

/** Thrown by `confirmFirst` when the person closed the confirmation instead of proving who they are. */
export class ConfirmationCancelled extends Error {
  constructor() {
    super('The change was cancelled.');
    this.name = 'ConfirmationCancelled';
  }
}

interface StepUp {
  /**
   * Runs a change; when the API asks for a recent sign-in, asks the person to confirm who they are
   * first, then runs it again.
   */
  confirmFirst<T>(work: () => Promise<T>): Promise<T>;
}

interface Waiting {
  resolve(): void;
  reject(error: unknown): void;
}

const StepUpContext = createContext<StepUp | null>(null);

/** The confirmation the Security page's changes share; `render` shows it while one is asked for. */
export function StepUpProvider({ children, render }: { children: ReactNode; render: (done: { confirmed(): void; cancelled(): void }) => ReactNode }) {
  const [waiting, setWaiting] = useState<Waiting | null>(null);

  const ask = useCallback(() => new Promise<void>((resolve, reject) => setWaiting({ resolve, reject })), []);
  const settle = (outcome: 'confirmed' | 'cancelled') => {
    setWaiting(null);
    if (outcome === 'confirmed') waiting?.resolve();
    else waiting?.reject(new ConfirmationCancelled());
  };

  const value = useMemo<StepUp>(
    () => ({
      async confirmFirst<T>(work: () => Promise<T>): Promise<T> {
        try {
          return await work();
        } catch (error) {
          if (!needsReauth(error)) throw error;
          await ask();
          return work();
        }
      },
    }),
    [ask],
  );

  return (
    <StepUpContext.Provider value={value}>
      {waiting ? render({ confirmed: () => settle('confirmed'), cancelled: () => settle('cancelled') }) : null}
      {children}
    </StepUpContext.Provider>
  );
}

export function useStepUp(): StepUp {
  const stepUp = useContext(StepUpContext);
  if (!stepUp) throw new Error('useStepUp needs a StepUpProvider above it.');
  return stepUp;
}
