import type { BookingOpen } from '../../../shared/booking';
import { baseApi } from '../../lib/api/base-api';

export const BOOKING_OPEN_PATH = '/api/booking/open';

/** Whether bookings are open: the one booking call the home and contact pages make, kept apart so that they carry no more. */
export const bookOpenApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBookingOpen: build.query<BookingOpen, void>({ query: () => BOOKING_OPEN_PATH, extraOptions: { anonymous: true } }),
  }),
});
