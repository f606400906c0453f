import { useState } from 'react';
import type { Booking } from '../../../shared/booking';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useCancelBookingAsOwnerMutation, useGetBookingsQuery } from './bookings-admin-api';
import styles from './bookings-admin.module.css';

const when = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/** Upcoming calls (soonest first) or past ones (latest first); an upcoming one can be cancelled with a message. */
export function BookingsList({ when: which, title, empty }: { when: 'upcoming' | 'past'; title: string; empty: string }) {
  const bookings = useGetBookingsQuery(which);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [note, setNote] = useState('');
  const [cancel, cancelState] = useCancelBookingAsOwnerMutation();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = (booking: Booking) => {
    setFailure(null);
    cancel({ id: booking.id, message: note })
      .unwrap()
      .then(() => {
        setStatus(`The call with ${booking.name} is cancelled; they have been told.`);
        setCancelling(null);
        setNote('');
      })
      .catch((error: unknown) => setFailure(apiErrorMessage(error, 'The call could not be cancelled.')));
  };

  return (
    <section className={styles.section} aria-labelledby={`bookings-${which}`}>
      <h2 id={`bookings-${which}`}>{title}</h2>
      <StatusMessage>{status}</StatusMessage>
      <ErrorMessage>{failure}</ErrorMessage>
      {bookings.isLoading ? <p>Loading...</p> : null}
      {bookings.isError ? <ErrorMessage>{apiErrorMessage(bookings.error, 'Failed to load the bookings.')}</ErrorMessage> : null}
      {bookings.data?.length === 0 ? <p>{empty}</p> : null}
      <ul className={styles.bookings}>
        {bookings.data?.map((booking) => (
          <li key={booking.id} className={styles.booking}>
            <p className={styles.when}>
              {when.format(new Date(booking.start))}
              {booking.state === 'cancelled' ? ` (cancelled by the ${booking.cancelledBy ?? 'owner'})` : ''}
            </p>
            <p>
              {booking.name} · <a href={`mailto:${booking.email}`}>{booking.email}</a>
            </p>
            <p className={styles.message}>{booking.message}</p>
            {booking.state === 'upcoming' && cancelling?.id !== booking.id ? (
              <button type="button" onClick={() => setCancelling(booking)}>
                Cancel this call
              </button>
            ) : null}
            {cancelling?.id === booking.id ? (
              <div className={styles.cancel}>
                <label htmlFor={`cancel-${booking.id}`}>Message for {booking.name} (goes into the cancellation mail)</label>
                <textarea id={`cancel-${booking.id}`} rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
                <div className={styles.buttons}>
                  <button type="button" onClick={() => confirm(booking)} disabled={cancelState.isLoading}>
                    Cancel the call and send
                  </button>
                  <button type="button" onClick={() => setCancelling(null)}>
                    Keep it
                  </button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
