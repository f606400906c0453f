import { useId, useRef, useState, type FormEvent } from 'react';
import { SLOT_TAKEN_MESSAGE, type Booked, type Slot } from '../../../shared/booking';
import { SOURCE_FIELDS } from '../../../shared/leads';
import { paths } from '../../../shared/paths';
import { buttonClass } from '../../components/ui/button-link';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { visitSource } from '../visit-source';
import { useBookCallMutation, useGetBookingFormQuery } from './book-api';
import { slotDays, slotLabel } from './slot-times';
import { SlotChoices } from './slot-choices';
import styles from './book.module.css';

/**
 * The slots as radio buttons by day, and the visitor's details: a plain form posting to the API
 * (which answers it with a redirect back here), taken over by script to book without leaving.
 */
export function BookingForm({ slots, loading, zone }: { slots: readonly Slot[]; loading: boolean; zone: string }) {
  const { apiBaseUrl } = useRuntimeConfig();
  const ids = { name: useId(), email: useId(), message: useId(), trap: useId(), times: useId() };
  const form = useGetBookingFormQuery(undefined, { skip: typeof window === 'undefined' });
  const [book, { isLoading: sending }] = useBookCallMutation();
  const [booked, setBooked] = useState<{ at: Booked; email: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const trap = useRef<HTMLInputElement>(null);

  if (booked) {
    return (
      <p role="status" className={styles.done}>
        Your call is booked for {slotLabel(booked.at.start, booked.at.end, zone)}. The invitation is on its way to {booked.email}.
      </p>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    if (!value('start')) {
      setFailure('Please choose a time.');
      return;
    }
    setFailure(null);
    book({ ...visitSource(), start: value('start'), name: value('name'), email: value('email'), message: value('message'), website: trap.current?.value ?? '', startToken: form.data?.startToken ?? '', timeZone: zone })
      .unwrap()
      .then((at) => setBooked({ at, email: value('email') }))
      .catch((error: unknown) => {
        const { status, data: body } = error as { status?: unknown; data?: { message?: unknown } };
        const message = typeof body?.message === 'string' ? body.message : 'The booking could not be made. Please try again.';
        setFailure(status === 409 ? SLOT_TAKEN_MESSAGE : message);
      });
  };

  const days = slotDays(slots, zone);
  return (
    <form method="post" action={`${apiBaseUrl}/api/bookings`} className={styles.form} onSubmit={submit}>
      <fieldset className={styles.times} aria-describedby={ids.times}>
        <legend>Choose a time</legend>
        <p id={ids.times} className={styles.hint}>
          {loading ? 'Loading the free times…' : days.length === 0 ? 'No free times in the next two weeks. Please write to us instead.' : 'Each call lasts the time shown.'}
        </p>
        <SlotChoices days={days} />
      </fieldset>
      <div className={styles.fields}>
        <label htmlFor={ids.name}>Name</label>
        <input id={ids.name} name="name" autoComplete="name" required maxLength={100} />
        <label htmlFor={ids.email}>Email</label>
        <input id={ids.email} name="email" type="email" autoComplete="email" required maxLength={254} />
        <label htmlFor={ids.message}>What would you like to talk about?</label>
        <textarea id={ids.message} name="message" rows={5} required maxLength={5000} />
      </div>
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={ids.trap}>Leave this field empty</label>
        <input ref={trap} id={ids.trap} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="timeZone" value={zone} />
      {/* Without JavaScript the booking page is the visit's whole source, as on the contact form. */}
      <input type="hidden" name={SOURCE_FIELDS.landingPath} value={paths.book} />
      {failure ? (
        <p role="alert" className={styles.problem}>
          {failure}
        </p>
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={sending || days.length === 0}>
        {sending ? 'Booking…' : 'Book the call'}
      </button>
    </form>
  );
}
