import { makeStore } from '../../../lib/store/store';
import { emptyDraft } from './contact-draft';
import {
  cancelled,
  contactFormReducer,
  contactFormSlice,
  fieldChanged,
  selectContactDraft,
  selectContactSubmissions,
  selectContactSuccess,
  submitted,
  successHidden,
  type ContactFormState,
} from './contact-form-slice';

const fresh = () => contactFormReducer(undefined, { type: 'anything' });
const run = (state: ContactFormState, ...actions: Parameters<typeof contactFormReducer>[1][]) => actions.reduce(contactFormReducer, state);
const typed = (name: string, email: string, message: string) =>
  run(fresh(), fieldChanged({ field: 'name', value: name }), fieldChanged({ field: 'email', value: email }), fieldChanged({ field: 'message', value: message }));
const filled = () => typed('Ada Lovelace', 'ada@example.com', 'We need a new website.');

describe('the contactForm slice', () => {
  it('fieldChanged changes one field and leaves the others', () => {
    const state = run(fresh(), fieldChanged({ field: 'email', value: 'a@b.example' }));
    expect(state.draft).toEqual({ name: '', email: 'a@b.example', message: '' });
    expect(run(state, fieldChanged({ field: 'name', value: 'Ada' })).draft).toEqual({ name: 'Ada', email: 'a@b.example', message: '' });
    expect(fresh().draft).toEqual(emptyDraft);
  });

  it('submitted clears the fields and shows the message, counting the submission', () => {
    const state = run(filled(), submitted());
    expect(state).toEqual({ draft: emptyDraft, showSuccess: true, submissions: 1 });
    // Nothing left to send: a second submit changes nothing.
    expect(run(state, submitted())).toBe(state);
  });

  it('submitted does nothing while a required field is blank or only spaces', () => {
    for (const blank of [typed('   ', 'a@b.example', 'Hi'), typed('Ada', '', 'Hi'), typed('Ada', 'a@b.example', ' \n ')]) {
      expect(run(blank, submitted())).toBe(blank);
    }
  });

  it('counts every submission, so that each restarts the message timer', () => {
    const again = run(filled(), submitted(), fieldChanged({ field: 'name', value: 'Ada' }), fieldChanged({ field: 'email', value: 'a@b.example' }), fieldChanged({ field: 'message', value: 'More' }), submitted());
    expect(again.submissions).toBe(2);
    expect(again.showSuccess).toBe(true);
  });

  it('cancelled clears the fields and nothing else', () => {
    const shown = run(filled(), submitted(), fieldChanged({ field: 'message', value: 'Second thoughts' }));
    expect(run(shown, cancelled())).toEqual({ draft: emptyDraft, showSuccess: true, submissions: 1 });
  });

  it('successHidden hides the message and keeps the draft; when already hidden it changes nothing', () => {
    const shown = run(filled(), submitted(), fieldChanged({ field: 'name', value: 'Next' }));
    expect(run(shown, successHidden())).toEqual({ ...shown, showSuccess: false });
    const hidden = fresh();
    expect(run(hidden, successHidden())).toBe(hidden);
  });

  it('has exactly the form’s own actions, each named for what happened', () => {
    expect(Object.keys(contactFormSlice.actions).sort()).toEqual(['cancelled', 'fieldChanged', 'submitted', 'successHidden']);
    expect(fieldChanged({ field: 'name', value: 'A' }).type).toBe('contactForm/fieldChanged');
  });
});

it('lives in the app store under contactForm, where Redux DevTools shows it', () => {
  const store = makeStore({ apiBaseUrl: 'http://api.test' });
  // Before any action of its own, the selectors read the empty form.
  expect(selectContactDraft(store.getState())).toEqual(emptyDraft);
  expect(selectContactSuccess(store.getState())).toBe(false);
  store.dispatch(fieldChanged({ field: 'name', value: 'Ada' }));
  expect(store.getState().contactForm).toEqual({ draft: { name: 'Ada', email: '', message: '' }, showSuccess: false, submissions: 0 });
  store.dispatch(fieldChanged({ field: 'email', value: 'ada@example.com' }));
  store.dispatch(fieldChanged({ field: 'message', value: 'Hello' }));
  store.dispatch(submitted());
  expect(store.getState().contactForm).toEqual({ draft: emptyDraft, showSuccess: true, submissions: 1 });
  expect(selectContactSubmissions(store.getState())).toBe(1);
});
