import type { Booking } from '../../shared/booking';
import type { BookingRow } from '../db/schema';

/** A stored booking as the admin API answers it. */
export function toBooking(row: BookingRow, now: Date): Booking {
  return {
    id: row.id,
    start: row.start_at,
    end: row.end_at,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    cancelledBy: row.cancelled_by,
    state: row.cancelled_at ? 'cancelled' : Date.parse(row.end_at) <= now.getTime() ? 'past' : 'upcoming',
  };
}
