import { POST_STATUSES, type Post, type PostStatus } from '../../../shared/api-types';

/**
 * How the administrator's pages speak of a post's publication. Times are shown in the owner's
 * own time zone (the browser's), which is also the zone the scheduling field is read in.
 */

/** A day, as the dashboard's 'Created:' shows it ("January 6, 2025"). */
export const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** A moment: a scheduled time, a saved version ("Mar 4, 2031, 9:00 AM"). */
export const momentFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The owner's time zone by name ("Europe/Berlin"), to say in which zone a time is typed. */
export function ownerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A moment the owner acts on (a scheduled publication), in their zone and naming it as the
 * scheduling field does: "Mar 4, 2031, 9:00 AM (Europe/London)". A bare time would leave them
 * to guess whether the site meant their clock or the server's.
 */
export function zonedMoment(date: Date): string {
  return `${momentFormat.format(date)} (${ownerTimeZone()})`;
}

/** A post from a server that knows no statuses publishes everything at once. */
export function statusOf(post: Pick<Post, 'status'>): PostStatus {
  return (POST_STATUSES as readonly unknown[]).includes(post.status) ? post.status : 'published';
}

/** The `?status=` of the dashboard's address; anything else means every post. */
export function statusFilterOf(param: string | null): PostStatus | undefined {
  return (POST_STATUSES as readonly (string | null)[]).includes(param) ? (param as PostStatus) : undefined;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as a `datetime-local` input holds it, in the owner's zone, to the minute. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * What a `datetime-local` input holds, read in the owner's zone (a date and time without an
 * offset is local time to `Date`); null when empty or unreadable.
 */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // A time the clocks skip (02:30 on the night summer time starts) would come back an hour
  // later; asking again beats publishing at a time the owner never chose.
  return toLocalInput(date) === value.slice(0, 16) ? date : null;
}

/** Where a post stands, as a sentence's end: 'a draft', 'scheduled for {date and time}', 'published'. */
export function publicationPhrase(post: Pick<Post, 'status' | 'publishedAt'>): string {
  const status = statusOf(post);
  if (status === 'draft') return 'a draft';
  if (status === 'published') return 'published';
  const at = post.publishedAt ? new Date(post.publishedAt) : null;
  return at && !Number.isNaN(at.getTime()) ? `scheduled for ${zonedMoment(at)}` : 'scheduled';
}
