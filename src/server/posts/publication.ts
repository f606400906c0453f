import type { PostStatus } from '../../shared/api-types';
import { HttpError } from '../http/errors';

/** What a create or update asks of a post's publication; both optional. */
export interface PublicationRequest {
  status?: string;
  publishAt?: string;
}

const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** ISO 8601 with a time and an explicit offset: a bare date or local time would be ambiguous. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export function statusOf(publishedAt: string | null, now: Date): PostStatus {
  if (publishedAt === null) return 'draft';
  return publishedAt > now.toISOString() ? 'scheduled' : 'published';
}

/**
 * The publication time a write leaves the post with. `current` is the post's time before the
 * write (undefined on create). Without any request a new post is published at once and an
 * existing one keeps its state, so a client that knows nothing of statuses sees no difference.
 * A time in the past publishes now; publishing an already published post keeps its date.
 */
export function resolvePublication(request: PublicationRequest, current: string | null | undefined, now: Date): string | null {
  const status = parseStatus(request.status);
  const publishAt = request.publishAt === undefined ? undefined : parsePublishAt(request.publishAt);
  if (status === 'draft') {
    if (publishAt !== undefined) throw new HttpError(400, 'publishAt cannot be given for a draft: send status "scheduled" or "published" with it.');
    return null;
  }
  if (status === 'scheduled' && publishAt === undefined) throw new HttpError(400, 'publishAt is required to schedule a post.');
  const nowIso = now.toISOString();
  if (publishAt !== undefined) return publishAt > nowIso ? publishAt : nowIso;
  if (status === undefined) return current === undefined ? nowIso : current;
  // Published, with no time given.
  return current && current <= nowIso ? current : nowIso;
}

function parseStatus(value: string | undefined): PostStatus | undefined {
  if (value === undefined) return undefined;
  if (value === 'draft' || value === 'scheduled' || value === 'published') return value;
  throw new HttpError(400, 'status must be "draft", "scheduled" or "published".');
}

function parsePublishAt(raw: string): string {
  const value = raw.trim();
  const time = ISO_WITH_OFFSET.test(value) && dayExists(value) ? Date.parse(value) : Number.NaN;
  // Past year 9999 the UTC text gains a sign and would sort before every other time.
  if (Number.isNaN(time) || time > LATEST) {
    throw new HttpError(400, 'publishAt must be an ISO 8601 date and time with an offset, such as 2030-01-31T09:00:00Z, before the year 10000.');
  }
  return new Date(time).toISOString();
}

/** Date.parse rolls 31 February over into March; a mistyped date must be refused instead. */
function dayExists(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}
