import type { Booking, BookingSettings, BookingSettingsAnswer } from '../../../shared/booking';
import { baseApi } from '../../lib/api/base-api';

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['BookingSettings', 'Booking'] });

/** The owner's booking calls (bearer token). */
const bookingsAdminApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getBookingSettings: build.query<BookingSettingsAnswer, void>({ query: () => '/api/booking/settings', providesTags: ['BookingSettings'] }),
    putBookingSettings: build.mutation<BookingSettingsAnswer, BookingSettings>({
      query: (body) => ({ url: '/api/booking/settings', method: 'PUT', body }),
      invalidatesTags: ['BookingSettings'],
    }),
    getBookings: build.query<Booking[], 'upcoming' | 'past'>({ query: (when) => `/api/bookings?when=${when}`, providesTags: ['Booking'] }),
    cancelBookingAsOwner: build.mutation<Booking, { id: string; message: string }>({
      query: ({ id, message }) => ({ url: `/api/bookings/${encodeURIComponent(id)}/cancel`, method: 'POST', body: { message } }),
      invalidatesTags: ['Booking'],
    }),
  }),
});

export const { useGetBookingSettingsQuery, usePutBookingSettingsMutation, useGetBookingsQuery, useCancelBookingAsOwnerMutation } = bookingsAdminApi;
