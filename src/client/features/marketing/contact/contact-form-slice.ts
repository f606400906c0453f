import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../lib/store/store';
import { emptyDraft, isDraftComplete, type ContactDraft } from './contact-draft';
import { refusalRestored, sendSucceeded } from './contact-delivery-slice';

export interface ContactFormState {
  draft: ContactDraft;
  /** Whether 'Your message has been prepared — check your email app.' shows. */
  showSuccess: boolean;
  /** Counts submissions, so that each one restarts the success message's timer. */
  submissions: number;
}

const initialState: ContactFormState = { draft: emptyDraft, showSuccess: false, submissions: 0 };

/**
 * The contact form, in the store so that Redux DevTools shows the draft and the success message.
 * Time is not the reducer's business: the form hides the message after 5 seconds with `successHidden`.
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
      state.showSuccess = true;
      state.submissions += 1;
    },
    cancelled(state) {
      state.draft = emptyDraft;
    },
    successHidden(state) {
      state.showSuccess = false;
    },
  },
  // Sending through the server (contactDeliverySlice) changes the draft too: cleared once sent,
  // or refilled from a post the server refused. The form's own actions stay these four.
  extraReducers: (builder) => {
    builder.addCase(sendSucceeded, (state) => {
      state.draft = emptyDraft;
    });
    builder.addCase(refusalRestored, (state, action) => {
      state.draft = { ...action.payload };
    });
  },
  selectors: {
    selectContactDraft: (state) => state.draft,
    selectContactSuccess: (state) => state.showSuccess,
    selectContactSubmissions: (state) => state.submissions,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof contactFormSlice> {}
}

// Injected when the contact page loads.
const injectedContactFormSlice = contactFormSlice.injectInto(rootReducer);

export const { fieldChanged, submitted, cancelled, successHidden } = contactFormSlice.actions;
export const { selectContactDraft, selectContactSuccess, selectContactSubmissions } = injectedContactFormSlice.selectors;
export const contactFormReducer = contactFormSlice.reducer;
