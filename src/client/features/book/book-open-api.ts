import type { BookingOpen } from '../../../shared/booking';
import { baseApi } from '../../lib/api/base-api';

/** Whether bookings are open: the one booking call the home and contact pages make, kept apart so that they carry no more. */
export const bookOpenApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBookingOpen: build.query<BookingOpen, void>({ query: () => '/api/booking/open', extraOptions: { anonymous: true } }),
  }),
});
