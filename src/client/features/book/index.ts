// The booking feature's public entry: the link other pages show while bookings are open.
export { BookCallLink, prefetchBookingOpen } from './book-link';
