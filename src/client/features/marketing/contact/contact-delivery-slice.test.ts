import { makeStore } from '../../../lib/store/store';
import { emptyDraft } from './contact-draft';
import {
  contactDeliveryReducer,
  contactDeliverySlice,
  refusalRestored,
  sendFailed,
  sendStarted,
  sendSucceeded,
  sentHidden,
  type ContactDeliveryState,
} from './contact-delivery-slice';
import { fieldChanged, selectContactDraft } from './contact-form-slice';

const fresh = () => contactDeliveryReducer(undefined, { type: 'anything' });
const run = (state: ContactDeliveryState, ...actions: Parameters<typeof contactDeliveryReducer>[1][]) => actions.reduce(contactDeliveryReducer, state);

describe('the contactDelivery slice', () => {
  it('starts idle', () => {
    expect(fresh()).toEqual({ status: 'idle', sends: 0, reason: null, refusalRestored: false });
  });

  it('goes sending → sent, counting each send, and back to idle when the thank-you is hidden', () => {
    const sent = run(fresh(), sendStarted(), sendSucceeded());
    expect(sent).toMatchObject({ status: 'sent', sends: 1 });
    expect(run(sent, sentHidden())).toMatchObject({ status: 'idle', sends: 1 });
    expect(run(sent, sendStarted(), sendSucceeded()).sends).toBe(2);
  });

  it('goes sending → failed with the server’s reason, and a new send clears it', () => {
    const failed = run(fresh(), sendStarted(), sendFailed('Message is required.'));
    expect(failed).toMatchObject({ status: 'failed', reason: 'Message is required.' });
    expect(run(fresh(), sendStarted(), sendFailed()).reason).toBeNull();
    expect(run(failed, sendStarted())).toMatchObject({ status: 'sending', reason: null });
  });

  it('ignores an answer with no send running, a second start while sending, and hiding what is not shown', () => {
    const idle = fresh();
    expect(run(idle, sendSucceeded())).toBe(idle);
    expect(run(idle, sendFailed('x'))).toBe(idle);
    expect(run(idle, sentHidden())).toBe(idle);
    const sending = run(idle, sendStarted());
    expect(run(sending, sendStarted())).toBe(sending);
    const failed = run(sending, sendFailed());
    expect(run(failed, sentHidden())).toBe(failed);
  });

  it('remembers that a refused post’s fields were taken into the draft', () => {
    expect(run(fresh(), refusalRestored({ name: 'A', email: 'a@b.example', message: 'Hi' })).refusalRestored).toBe(true);
  });

  it('has exactly its own actions', () => {
    expect(Object.keys(contactDeliverySlice.actions).sort()).toEqual(['refusalRestored', 'sendFailed', 'sendStarted', 'sendSucceeded', 'sentHidden']);
  });
});

it('clears the form’s draft once sent and keeps it when sending failed, in the one store', () => {
  const store = makeStore({ apiBaseUrl: 'http://api.test' });
  store.dispatch(fieldChanged({ field: 'name', value: 'Ada' }));
  store.dispatch(sendStarted());
  store.dispatch(sendFailed());
  expect(selectContactDraft(store.getState())).toEqual({ ...emptyDraft, name: 'Ada' });
  expect(store.getState().contactDelivery?.status).toBe('failed');
  store.dispatch(sendStarted());
  store.dispatch(sendSucceeded());
  expect(selectContactDraft(store.getState())).toEqual(emptyDraft);
  store.dispatch(refusalRestored({ name: 'B', email: 'b@example.com', message: 'Again' }));
  expect(selectContactDraft(store.getState())).toEqual({ name: 'B', email: 'b@example.com', message: 'Again' });
});
