import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { Seo } from '../../components/seo/seo';
import { buttonClass } from '../../components/ui/button-link';
import { useCancelBookingMutation, useGetManagedBookingQuery, useGetSlotsQuery, useRescheduleBookingMutation } from './book-api';
import { addDays, dateIn, DAYS_SHOWN, slotDays, slotLabel, visitorZone } from './slot-times';
import { SlotChoices } from './slot-choices';
import styles from './book.module.css';

const failureOf = (error: unknown) => {
  const message = (error as { data?: { message?: unknown } }).data?.message;
  return typeof message === 'string' ? message : 'That did not work. Please try again.';
};

/** Where the link in a booking's mails leads: the call's time, and buttons to move or cancel it. */
export default function ManagePage() {
  const { token = '' } = useParams();
  const booking = useGetManagedBookingQuery(token);
  const [cancel, cancelling] = useCancelBookingMutation();
  const [reschedule, moving] = useRescheduleBookingMutation();
  const [from] = useState(() => addDays(dateIn(new Date(), 'UTC'), -1));
  const [choosing, setChoosing] = useState(false);
  const slots = useGetSlotsQuery({ from, to: addDays(from, DAYS_SHOWN) }, { skip: !choosing });
  const [note, setNote] = useState<{ kind: 'done' | 'problem'; text: string } | null>(null);
  const zone = visitorZone() ?? booking.data?.timeZone ?? 'UTC';

  const move = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const start = String(new FormData(event.currentTarget).get('start') ?? '');
    if (!start) return setNote({ kind: 'problem', text: 'Please choose a time.' });
    reschedule({ token, start })
      .unwrap()
      .then((moved) => {
        setChoosing(false);
        setNote({ kind: 'done', text: `Your call is moved to ${slotLabel(moved.start, moved.end, zone)}. An updated invitation is on its way.` });
      })
      .catch((error: unknown) => setNote({ kind: 'problem', text: failureOf(error) }));
  };

  const drop = () => {
    cancel(token)
      .unwrap()
      .then(() => setNote({ kind: 'done', text: 'Your call is cancelled. We have let the calendar know.' }))
      .catch((error: unknown) => setNote({ kind: 'problem', text: failureOf(error) }));
  };

  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Your call" description="Move or cancel your booked call." path={paths.book} noindex />
      <h1>Your call</h1>
      {booking.isLoading ? <p>Loading your booking…</p> : null}
      {booking.isError ? <p role="alert" className={styles.problem}>{failureOf(booking.error)}</p> : null}
      {booking.data ? (
        <p>
          {booking.data.cancelled ? 'Cancelled: ' : 'Booked for '}
          <strong>{slotLabel(booking.data.start, booking.data.end, zone)}</strong>, {booking.data.name}.
        </p>
      ) : null}
      {note ? (
        <p role={note.kind === 'done' ? 'status' : 'alert'} className={note.kind === 'done' ? styles.done : styles.problem}>
          {note.text}
        </p>
      ) : null}
      {booking.data && !booking.data.cancelled ? (
        <div className={styles.actions}>
          <button type="button" className={buttonClass('secondary')} onClick={() => setChoosing(true)} disabled={choosing}>
            Choose another time
          </button>
          <button type="button" className={buttonClass('primary')} onClick={drop} disabled={cancelling.isLoading}>
            Cancel the call
          </button>
        </div>
      ) : null}
      {choosing ? (
        <form className={styles.form} onSubmit={move}>
          <fieldset className={styles.times}>
            <legend>Choose another time</legend>
            {slots.isLoading ? <p className={styles.hint}>Loading the free times…</p> : null}
            <SlotChoices days={slotDays(slots.data?.slots ?? [], zone)} />
          </fieldset>
          <button type="submit" className={buttonClass('primary')} disabled={moving.isLoading}>
            Move the call
          </button>
        </form>
      ) : null}
    </div>
  );
}
