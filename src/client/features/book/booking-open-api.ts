import type { BookingOpen } from '../../../shared/booking';
import { baseApi } from '../../lib/api/base-api';

/**
 * Whether bookings are open: the one booking call the home and contact pages make, injected on
 * its own so that their first load does not carry the booking page's calls (book-api.ts).
 */
export const bookingOpenApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBookingOpen: build.query<BookingOpen, void>({ query: () => '/api/booking/open', extraOptions: { anonymous: true } }),
  }),
});

export const { useGetBookingOpenQuery } = bookingOpenApi;
