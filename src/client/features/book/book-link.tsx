import type { BookingOpen } from '../../../shared/booking';
import { paths } from '../../../shared/paths';
import type { PrefetchContext } from '../../lib/page-module';
import { ButtonLink, type ButtonVariant } from '../../components/ui/button-link';
import { BOOKING_OPEN_PATH, bookOpenApi } from './book-open-api';

/**
 * Whether bookings are open, which the server's render needs before it draws a link to /book
 * (held by the server between changes). Unanswered, the page has no link until the browser asks.
 */
export async function prefetchBookingOpen({ store, read }: Pick<PrefetchContext, 'store' | 'read'>): Promise<void> {
  const open = (await read(BOOKING_OPEN_PATH).catch(() => undefined)) as BookingOpen | undefined;
  if (open) store.dispatch(bookOpenApi.util.upsertQueryEntries([{ endpointName: 'getBookingOpen', arg: undefined, value: open }]));
}

/** "Book a free call", only while bookings are open: nothing links to /book otherwise. */
export function BookCallLink({ variant = 'primary' }: { variant?: ButtonVariant }) {
  const open = bookOpenApi.useGetBookingOpenQuery().data?.open === true;
  return open ? (
    <ButtonLink to={paths.book} variant={variant}>
      Book a free call
    </ButtonLink>
  ) : null;
}
