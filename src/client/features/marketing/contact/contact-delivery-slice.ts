import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ContactValues } from '../../../../shared/contact';
import { rootReducer } from '../../../lib/store/store';

/**
 * Where a message sent through the server stands (CONTACT_DELIVERY=server): `sending` while the
 * call runs, `sent` while the thank-you shows (the form hides it after 5 seconds), `failed`
 * with the draft kept. The draft itself stays the contactForm slice's, which clears on `sendSucceeded`.
 */
export type DeliveryStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface ContactDeliveryState {
  status: DeliveryStatus;
  /** Counts successful sends, so that each restarts the thank-you's timer. */
  sends: number;
  /** The server's own words for a refusal (a 400 naming the field), shown with the failure text. */
  reason: string | null;
  /** The fields of a post the server refused and answered with this page have been taken into the draft. */
  refusalRestored: boolean;
}

const initialState: ContactDeliveryState = { status: 'idle', sends: 0, reason: null, refusalRestored: false };

export const contactDeliverySlice = createSlice({
  name: 'contactDelivery',
  initialState,
  reducers: {
    sendStarted(state) {
      if (state.status === 'sending') return;
      state.status = 'sending';
      state.reason = null;
    },
    sendSucceeded(state) {
      if (state.status !== 'sending') return;
      state.status = 'sent';
      state.sends += 1;
    },
    sendFailed(state, action: PayloadAction<string | undefined>) {
      if (state.status !== 'sending') return;
      state.status = 'failed';
      state.reason = action.payload ?? null;
    },
    /** The thank-you's 5 seconds are over, or the visitor left. */
    sentHidden(state) {
      if (state.status === 'sent') state.status = 'idle';
    },
    refusalRestored: {
      reducer(state) {
        state.refusalRestored = true;
      },
      prepare: (values: ContactValues) => ({ payload: values }),
    },
  },
  selectors: {
    selectDeliveryStatus: (state) => state.status,
    selectDeliverySends: (state) => state.sends,
    selectDeliveryReason: (state) => state.reason,
    selectRefusalRestored: (state) => state.refusalRestored,
  },
});

declare module '../../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof contactDeliverySlice> {}
}

const injected = contactDeliverySlice.injectInto(rootReducer);

export const { sendStarted, sendSucceeded, sendFailed, sentHidden, refusalRestored } = contactDeliverySlice.actions;
export const { selectDeliveryStatus, selectDeliverySends, selectDeliveryReason, selectRefusalRestored } = injected.selectors;
export const contactDeliveryReducer = contactDeliverySlice.reducer;
