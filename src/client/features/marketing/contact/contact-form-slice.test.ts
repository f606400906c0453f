import { makeStore } from '../../../lib/store/store';
import { emptyDraft } from './contact-draft';
import {
  cancelled,
  contactFormReducer,
  contactFormSlice,
  fieldChanged,
  refusalRestored,
  selectContactDraft,
  selectContactSends,
  selectContactStatus,
  sendFailed,
  sendStarted,
  sendSucceeded,
  submitted,
  successHidden,
  type ContactFormState,
} from './contact-form-slice';

const fresh = () => contactFormReducer(undefined, { type: 'anything' });
const run = (state: ContactFormState, ...actions: Parameters<typeof contactFormReducer>[1][]) => actions.reduce(contactFormReducer, state);
const typed = (name: string, email: string, message: string) =>
  run(fresh(), fieldChanged({ field: 'name', value: name }), fieldChanged({ field: 'email', value: email }), fieldChanged({ field: 'message', value: message }));
const filled = () => typed('Ada Lovelace', 'ada@example.com', 'We need a new website.');
const untouched = { status: 'idle', sends: 0, reason: null, refusalRestored: false } as const;

describe('the contactForm slice', () => {
  it('starts with an empty draft, nothing sent', () => {
    expect(fresh()).toEqual({ draft: emptyDraft, ...untouched });
  });

  it('fieldChanged changes one field and leaves the others', () => {
    const state = run(fresh(), fieldChanged({ field: 'email', value: 'a@b.example' }));
    expect(state.draft).toEqual({ name: '', email: 'a@b.example', message: '' });
    expect(run(state, fieldChanged({ field: 'name', value: 'Ada' })).draft).toEqual({ name: 'Ada', email: 'a@b.example', message: '' });
    expect(fresh().draft).toEqual(emptyDraft);
  });

  describe('through the mail app', () => {
    it('submitted clears the fields and shows the message, counting the message', () => {
      const state = run(filled(), submitted());
      expect(state).toEqual({ ...untouched, draft: emptyDraft, status: 'sent', sends: 1 });
      // Nothing left to send: a second submit changes nothing.
      expect(run(state, submitted())).toBe(state);
    });

    it('submitted does nothing while a required field is blank or only spaces', () => {
      for (const blank of [typed('   ', 'a@b.example', 'Hi'), typed('Ada', '', 'Hi'), typed('Ada', 'a@b.example', ' \n ')]) {
        expect(run(blank, submitted())).toBe(blank);
      }
    });

    it('counts every message, so that each restarts the message timer', () => {
      const again = run(filled(), submitted(), fieldChanged({ field: 'name', value: 'Ada' }), fieldChanged({ field: 'email', value: 'a@b.example' }), fieldChanged({ field: 'message', value: 'More' }), submitted());
      expect(again.sends).toBe(2);
      expect(again.status).toBe('sent');
    });
  });

  describe('through the server', () => {
    it('goes sending → sent, clearing the draft and counting each send, and back to idle when the thank-you is hidden', () => {
      const sent = run(filled(), sendStarted(), sendSucceeded());
      expect(sent).toMatchObject({ draft: emptyDraft, status: 'sent', sends: 1 });
      expect(run(sent, successHidden())).toMatchObject({ status: 'idle', sends: 1 });
      expect(run(sent, sendStarted(), sendSucceeded()).sends).toBe(2);
    });

    it('goes sending → failed with the server’s reason and the draft kept, and a new send clears the reason', () => {
      const failed = run(filled(), sendStarted(), sendFailed('Message is required.'));
      expect(failed).toMatchObject({ draft: filled().draft, status: 'failed', reason: 'Message is required.' });
      expect(run(fresh(), sendStarted(), sendFailed()).reason).toBeNull();
      expect(run(failed, sendStarted())).toMatchObject({ status: 'sending', reason: null });
    });

    it('ignores an answer with no send running, a second start while sending, and hiding what is not shown', () => {
      const idle = fresh();
      expect(run(idle, sendSucceeded())).toBe(idle);
      expect(run(idle, sendFailed('x'))).toBe(idle);
      expect(run(idle, successHidden())).toBe(idle);
      const sending = run(idle, sendStarted());
      expect(run(sending, sendStarted())).toBe(sending);
      const failed = run(sending, sendFailed());
      expect(run(failed, successHidden())).toBe(failed);
    });

    it('takes a refused post’s fields into the draft, once', () => {
      const restored = run(fresh(), refusalRestored({ name: 'B', email: 'b@example.com', message: 'Again' }));
      expect(restored).toMatchObject({ draft: { name: 'B', email: 'b@example.com', message: 'Again' }, refusalRestored: true });
    });
  });

  it('cancelled clears the fields and nothing else', () => {
    const shown = run(filled(), submitted(), fieldChanged({ field: 'message', value: 'Second thoughts' }));
    expect(run(shown, cancelled())).toEqual({ ...untouched, draft: emptyDraft, status: 'sent', sends: 1 });
  });

  it('successHidden hides the message and keeps the draft; when already hidden it changes nothing', () => {
    const shown = run(filled(), submitted(), fieldChanged({ field: 'name', value: 'Next' }));
    expect(run(shown, successHidden())).toEqual({ ...shown, status: 'idle' });
    const hidden = fresh();
    expect(run(hidden, successHidden())).toBe(hidden);
  });

  it('has exactly the form’s own actions, each named for what happened', () => {
    expect(Object.keys(contactFormSlice.actions).sort()).toEqual(['cancelled', 'fieldChanged', 'refusalRestored', 'sendFailed', 'sendStarted', 'sendSucceeded', 'submitted', 'successHidden']);
    expect(fieldChanged({ field: 'name', value: 'A' }).type).toBe('contactForm/fieldChanged');
  });
});

it('lives in the app store under contactForm, where Redux DevTools shows it', () => {
  const store = makeStore({ apiBaseUrl: 'http://api.test' });
  // Before any action of its own, the selectors read the empty form.
  expect(selectContactDraft(store.getState())).toEqual(emptyDraft);
  expect(selectContactStatus(store.getState())).toBe('idle');
  store.dispatch(fieldChanged({ field: 'name', value: 'Ada' }));
  expect(store.getState().contactForm).toEqual({ ...untouched, draft: { name: 'Ada', email: '', message: '' } });
  store.dispatch(fieldChanged({ field: 'email', value: 'ada@example.com' }));
  store.dispatch(fieldChanged({ field: 'message', value: 'Hello' }));
  store.dispatch(submitted());
  expect(store.getState().contactForm).toEqual({ ...untouched, draft: emptyDraft, status: 'sent', sends: 1 });
  expect(selectContactSends(store.getState())).toBe(1);
});
