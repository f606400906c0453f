import { paths } from '../../../shared/paths';
import type { AppStore } from '../../lib/store/store';
import { ButtonLink, type ButtonVariant } from '../../components/ui/button-link';
import { bookOpenApi } from './book-open-api';

/** Starts the question the server's render needs answered before it draws a link to /book. */
export async function prefetchBookingOpen(store: AppStore): Promise<void> {
  await store.dispatch(bookOpenApi.endpoints.getBookingOpen.initiate(undefined, { subscribe: false }));
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
