import type { Booked, ManagedBooking, SlotsAnswer } from '../../../shared/booking';
import { baseApi } from '../../lib/api/base-api';

export interface BookingRequest {
  start: string;
  name: string;
  email: string;
  message: string;
  website: string;
  startToken: string;
  timeZone: string;
  /** Where the visit came from (`visitSource`), as the contact form sends it. */
  landingPath?: string;
  referrerHost?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  viewedPaths?: string[];
}

const withBookingTags = baseApi.enhanceEndpoints({ addTagTypes: ['Slots', 'ManagedBooking'] });

/** The visitor's booking calls: none carries a token. */
export const bookApi = withBookingTags.injectEndpoints({
  endpoints: (build) => ({
    getSlots: build.query<SlotsAnswer, { from: string; to: string }>({
      query: ({ from, to }) => `/api/booking/slots?from=${from}&to=${to}`,
      extraOptions: { anonymous: true },
      providesTags: ['Slots'],
    }),
    getBookingForm: build.query<{ startToken: string }, void>({ query: () => '/api/booking/form', extraOptions: { anonymous: true } }),
    bookCall: build.mutation<Booked, BookingRequest>({
      query: (body) => ({ url: '/api/bookings', method: 'POST', body }),
      extraOptions: { anonymous: true },
      invalidatesTags: ['Slots'],
    }),
    getManagedBooking: build.query<ManagedBooking, string>({
      query: (token) => `/api/bookings/manage/${encodeURIComponent(token)}`,
      extraOptions: { anonymous: true },
      providesTags: ['ManagedBooking'],
    }),
    cancelBooking: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: `/api/bookings/manage/${encodeURIComponent(token)}/cancel`, method: 'POST' }),
      extraOptions: { anonymous: true },
      invalidatesTags: ['ManagedBooking', 'Slots'],
    }),
    rescheduleBooking: build.mutation<Booked, { token: string; start: string }>({
      query: ({ token, start }) => ({ url: `/api/bookings/manage/${encodeURIComponent(token)}/reschedule`, method: 'POST', body: { start } }),
      extraOptions: { anonymous: true },
      invalidatesTags: ['ManagedBooking', 'Slots'],
    }),
  }),
});

export const { useGetSlotsQuery, useGetBookingFormQuery, useBookCallMutation, useGetManagedBookingQuery, useCancelBookingMutation, useRescheduleBookingMutation } = bookApi;
