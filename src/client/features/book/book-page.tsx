import { useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import type { PrefetchContext, PrefetchResult } from '../../lib/page-module';
import { useAppSelector } from '../../lib/store/hooks';
import { Seo } from '../../components/seo/seo';
import { Hero } from '../../components/ui/hero';
import { NotFoundPage } from '../not-found';
import { bookApi, useGetSlotsQuery } from './book-api';
import { bookOpenApi } from './book-open-api';
import { BookingForm } from './booking-form';
import { ZonePicker } from './zone-picker';
import { addDays, dateIn, DAYS_SHOWN, visitorZone } from './slot-times';
import styles from './book.module.css';
import { useSiteSettings } from '../../lib/site-content/site-content-api';

/** The days the page asks for: from yesterday in UTC (today somewhere east), two weeks on. */
function range(now: Date): { from: string; to: string } {
  const from = addDays(dateIn(now, 'UTC'), -1);
  return { from, to: addDays(from, DAYS_SHOWN) };
}

/**
 * The server renders the open slots in the owner's zone (or the zone asked for), so the page is a
 * plain form without script; while bookings are off it answers 404.
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch({ store }: PrefetchContext): Promise<PrefetchResult | void> {
  const open = await store.dispatch(bookOpenApi.endpoints.getBookingOpen.initiate(undefined, { subscribe: false }));
  if (open.error) return { status: 503 };
  if (!open.data?.open) return { status: 404 };
  const slots = await store.dispatch(bookApi.endpoints.getSlots.initiate(range(new Date()), { subscribe: false }));
  if (slots.error) return { status: 503 };
}

const PROBLEMS: Record<string, string> = {
  taken: 'That time was just taken. Please choose another.',
  slot: 'That time is not one of the free times. Please choose another.',
  fields: 'Please give your name, a valid email address and what you would like to talk about.',
  limit: 'Too many bookings from this address. Please try again later.',
};

export default function BookPage() {
  const site = useSiteSettings();
  const [searchParams] = useSearchParams();
  // The range the server rendered with, so the browser takes over its answer rather than asking again.
  const cached = useAppSelector((state) => bookApi.util.selectCachedArgsForQuery(state, 'getSlots')[0]);
  const [days] = useState(() => cached ?? range(new Date()));
  const open = bookOpenApi.useGetBookingOpenQuery();
  const slots = useGetSlotsQuery(days, { skip: open.data?.open !== true });
  const asked = searchParams.get('tz');
  const [chosen, setZone] = useState<string | null>(null);
  // With script, the times are the visitor's own unless they chose a zone; the server's render
  // (and so hydration) shows the owner's or the one asked for in the address.
  const hydrated = useHydrated();
  const zone = chosen ?? asked ?? (hydrated ? (visitorZone() ?? null) : null);

  if (open.data && !open.data.open) return <NotFoundPage />;
  const ownerZone = slots.data?.timeZone ?? 'UTC';
  const shownZone = zone && isZone(zone) ? zone : ownerZone;
  const booked = searchParams.get('booked') === '1';
  const problem = PROBLEMS[searchParams.get('error') ?? ''];

  return (
    <>
      <Seo title="Book a call" description={`Book a free call with ${site.name}: pick a time that suits you and get a calendar invitation.`} path={paths.book} />
      <Hero eyebrow="Book a call" title="Pick a time for a free call" lead={<p>Thirty minutes to talk about your website or project. You get a calendar invitation by email, with a link to move or cancel the call.</p>} />
      <div className={`container ${styles.page}`}>
        {booked ? (
          <p role="status" className={styles.done}>
            Your call is booked. The invitation is on its way to your inbox.
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : null}
        <ZonePicker zone={shownZone} ownerZone={ownerZone} onZone={setZone} />
        {slots.isError ? (
          <p role="alert" className={styles.problem}>
            The free times could not be loaded. Please reload the page, or write to us at {site.email}.
          </p>
        ) : (
          <BookingForm slots={slots.data?.slots ?? []} loading={slots.isLoading} zone={shownZone} />
        )}
      </div>
    </>
  );
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const noChange = () => () => undefined;

/** False in the server's render and at hydration, true in the browser after. */
function useHydrated(): boolean {
  return useSyncExternalStore(noChange, () => true, () => false);
}
