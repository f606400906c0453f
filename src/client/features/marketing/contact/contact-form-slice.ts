import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ContactValues } from '../../../../shared/contact';
import { rootReducer } from '../../../lib/store/store';
import { emptyDraft, isDraftComplete, type ContactDraft } from './contact-draft';

/**
 * Where the message stands: `sent` while the success message shows (the mail app has it, or the
 * server kept it; the form hides it after 5 seconds); through the server (CONTACT_DELIVERY=server)
 * also `sending` while the call runs and `failed` with the draft kept.
 */
type ContactStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface ContactFormState {
  draft: ContactDraft;
  status: ContactStatus;
  /** Counts the messages sent, so that each one restarts the success message's timer. */
  sends: number;
  /** The server's own words for a refusal (a 400 naming the field), shown with the failure text. */
  reason: string | null;
  /** The fields of a post the server refused and answered with this page have been taken into the draft. */
  refusalRestored: boolean;
}

const initialState: ContactFormState = { draft: emptyDraft, status: 'idle', sends: 0, reason: null, refusalRestored: false };

/**
 * The contact form, in the store so that Redux DevTools shows the draft and where the message
 * stands. Time is not the reducer's business: the form hides the success message after 5 seconds
 * with `successHidden`.
 */
export const contactFormSlice = createSlice({
  name: 'contactForm',
  initialState,
  reducers: {
    fieldChanged(state, action: PayloadAction<{ field: keyof ContactDraft; value: string }>) {
      state.draft[action.payload.field] = action.payload.value;
    },
    /** The mail app has the message now: the fields clear and the message says so. A draft with a blank field is not sent. */
    submitted(state) {
      if (!isDraftComplete(state.draft)) return;
      state.draft = emptyDraft;
      state.status = 'sent';
      state.sends += 1;
    },
    cancelled(state) {
      state.draft = emptyDraft;
    },
    sendStarted(state) {
      if (state.status === 'sending') return;
      state.status = 'sending';
      state.reason = null;
    },
    /** The server kept the message: the fields clear and the thank-you shows. */
    sendSucceeded(state) {
      if (state.status !== 'sending') return;
      state.draft = emptyDraft;
      state.status = 'sent';
      state.sends += 1;
    },
    sendFailed(state, action: PayloadAction<string | undefined>) {
      if (state.status !== 'sending') return;
      state.status = 'failed';
      state.reason = action.payload ?? null;
    },
    /** The success message's 5 seconds are over, or the visitor left. */
    successHidden(state) {
      if (state.status === 'sent') state.status = 'idle';
    },
    /** A post the server refused came back with this page: its fields fill the draft. */
    refusalRestored: {
      reducer(state, action: PayloadAction<ContactValues>) {
        state.draft = { ...action.payload };
        state.refusalRestored = true;
      },
      prepare: (values: ContactValues) => ({ payload: values }),
    },
  },
  selectors: {
    selectContactDraft: (state) => state.draft,
    selectContactStatus: (state) => state.status,
    selectContactSends: (state) => state.sends,
    selectContactReason: (state) => state.reason,
    selectRefusalRestored: (state) => state.refusalRestored,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof contactFormSlice> {}
}

// Injected when the contact page loads.
const injectedContactFormSlice = contactFormSlice.injectInto(rootReducer);

export const { fieldChanged, submitted, cancelled, sendStarted, sendSucceeded, sendFailed, successHidden, refusalRestored } = contactFormSlice.actions;
export const { selectContactDraft, selectContactStatus, selectContactSends, selectContactReason, selectRefusalRestored } = injectedContactFormSlice.selectors;
export const contactFormReducer = contactFormSlice.reducer;
