import { shallowEqual } from 'react-redux';
import type { AnyEventObject, InspectionEvent } from 'xstate';
import type { AppStore } from '../../lib/store/store';
import { toSessionState, type SessionSnapshot } from './session-machine';
import { selectSession, sessionChanged, sessionEvent, type SessionEventRecord } from './session-slice';

/** Stands for a token in what DevTools show: a token there is a secret anyone at the screen can copy. */
export const REDACTED = '[redacted]';

/** The event with its plain values only (no input, no error objects), and its token withheld. */
function redactEvent(event: AnyEventObject): SessionEventRecord {
  const record: SessionEventRecord = { type: event.type };
  for (const [field, value] of Object.entries(event)) {
    if (field === 'type') continue;
    if (field === 'token' || field === 'mfaToken') record[field] = value === null ? null : REDACTED;
    else if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') record[field] = value;
  }
  return record;
}

/**
 * Mirrors the session actor into the store: `inspect` dispatches one `session/event` per event the
 * actor receives, `observe` a `sessionChanged` whenever the mirrored state differs from the store's
 * (the actor reports a snapshot after every event, changed or not).
 */
export function mirrorSession(store: AppStore) {
  return {
    inspect(inspection: InspectionEvent) {
      // The system also reports the events of the actors the machine invokes.
      if (inspection.type === '@xstate.event' && inspection.actorRef.sessionId === inspection.rootId) {
        store.dispatch(sessionEvent(redactEvent(inspection.event)));
      }
    },
    observe(snapshot: SessionSnapshot) {
      const next = toSessionState(snapshot);
      if (!shallowEqual(selectSession(store.getState()), next)) store.dispatch(sessionChanged(next));
    },
  };
}
