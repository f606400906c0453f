import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * The database's tables as Kysely sees them. Times are ISO-8601 UTC strings on both engines,
 * so they sort and compare the same in SQLite and PostgreSQL.
 */
interface UsersTable {
  id: string;
  /** Trimmed and lower-cased, so that addresses match without regard to case. */
  email: string;
  password_hash: string;
  /** Raised by a password reset; tokens carrying an older version are refused. */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface PasswordResetsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the token sent by mail; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

interface PostsTable {
  id: string;
  title: string;
  content: string;
  slug: string;
  /** Storage name of the post's image (without size suffix or extension), or null. */
  image_key: string | null;
  /** Null for a draft; a future time for a scheduled post; visitors see it once it has passed. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** The tag names in the writer's order, as JSON. */
  tags: Generated<string>;
  /**
   * Derived from `content` when it is written (derived-text.ts): the text a reader reads, its
   * word count, the card's summary, the meta description and the HTML. `derived_version` says which
   * version of that code made them; older ones are made again at start.
   */
  plain_text: Generated<string>;
  word_count: Generated<number>;
  summary: Generated<string>;
  excerpt: Generated<string>;
  derived_version: Generated<number>;
  /** The content rendered and sanitised, and the site origin it was rendered for; derived like the text. */
  html: Generated<string>;
  html_origin: Generated<string>;
  /** The search and share description (at most 300 characters); '' when none was given. */
  description: Generated<string>;
  /** The alternative text of the post's image (at most 250 characters); '' when none was given. */
  image_alt: Generated<string>;
}

/** An image of ours that a post's content (now or in an earlier version) names: the sweep spares it. */
interface PostImagesTable {
  post_id: string;
  image_key: string;
}

/** The intrinsic size of a stored upload's largest version (migration 009). */
interface ImageSizesTable {
  image_key: string;
  width: number;
  height: number;
}

/** One tag of one post; the publication time is the post's, copied so a tag page is one index range. */
interface PostTagsTable {
  post_id: string;
  slug: string;
  name: string;
  position: number;
  published_at: string | null;
  created_at: string;
}

/** SQLite only: the FTS5 row number of each post (an alias of the rowid, which VACUUM keeps). */
interface PostSearchRowsTable {
  id: Generated<number>;
  post_id: string;
}

/** A post as it was before an update: the history the editor can restore from. */
interface PostRevisionsTable {
  id: string;
  post_id: string;
  title: string;
  content: string;
  image_key: string | null;
  published_at: string | null;
  saved_at: string;
  replaced_at: string;
  /** Strictly increasing per post, so two saves in one millisecond still order. */
  seq: number;
  description: Generated<string>;
  image_alt: Generated<string>;
}

interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  /** 'inbox' or 'spam'. */
  folder: string;
  spam_reason: string | null;
  created_at: string;
  read_at: string | null;
  /** 'none' (spam), 'pending', 'sending', 'sent' or 'failed'. */
  delivery_state: string;
  delivery_attempts: Generated<number>;
  next_attempt_at: string | null;
  deliver_by: string | null;
  claimed_until: string | null;
  delivered_at: string | null;
  last_error: string | null;
}

/** A passkey (WebAuthn credential) an account signs in with. */
interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter; a response with a lower one is refused. PostgreSQL's bigint reads as text. */
  counter: number | string;
  /** JSON array of the transports the authenticator named. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}

/** The authenticator app's secret, encrypted with a key derived from the server's secret. */
interface TotpFactorsTable {
  user_id: string;
  secret_enc: string;
  confirmed_at: string | null;
  last_step: number | string | null;
  created_at: string;
}

interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A WebAuthn challenge or an mfaToken, single-use and short-lived. */
interface SignInChallengesTable {
  id: string;
  kind: string;
  user_id: string | null;
  expires_at: string;
}

interface SecurityEventsTable {
  id: string;
  user_id: string;
  type: string;
  method: string | null;
  detail: string | null;
  /** The client address, shortened (the last part of an IPv4 address, most of an IPv6 one, dropped). */
  address: string;
  browser: string;
  created_at: string;
}

/** A counted page view or a Web Vitals report (docs/product.md#insights). */
export interface InsightEventsTable {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  at: string;
  kind: 'view' | 'vitals';
  path: string;
  page_type: string;
  /** The referring site's host, or null (direct, or from this site). */
  referrer: string | null;
  /**
   * The `utm_source` of the address a visit landed on, lower-cased as a lead's source is
   * (migration 022); on the visit's first view only. It names the view's source before `referrer`.
   */
  utm_source: string | null;
  device: 'mobile' | 'tablet' | 'desktop';
  /** The day's salted hash of address and user agent; the salt is never stored. */
  visitor: string;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
}

/**
 * Each complete day's totals (its top 100 paths, referrer hosts and sources, the rest under one
 * key); the day's single events are kept beside them for 90 days. A `source` row (migration 022)
 * counts the visitors who came in with that source (a lead's source by the same rule: campaign,
 * else referring host), or, under "direct", with none that day.
 */
export interface InsightDailyTable {
  day: string;
  dimension: 'total' | 'path' | 'referrer' | 'source' | 'device' | 'vitals';
  key: string;
  views: number;
  visitors: number;
  lcp_p75: number | null;
  inp_p75: number | null;
  cls_p75: number | null;
}

/**
 * How many of a complete day's vitals reports of one page type gave a vital one value, that value
 * rounded up onto a grid (src/server/insights/vital-counts.ts); kept as long as the day's events.
 */
export interface InsightVitalCountsTable {
  day: string;
  page_type: string;
  vital: 'lcp' | 'inp' | 'cls';
  value: number;
  samples: number;
}

/** A sign-in token ended before its expiry (migration 010); only its digest is kept, until then. */
/** A contact message as a lead (migration 018); it outlives its message, without the person. */
interface LeadsTable {
  id: string;
  received_at: string;
  /** 0 while the message is in the spam folder. */
  is_lead: number;
  status: string;
  status_changed_at: string;
  follow_up_on: string | null;
  /** PostgreSQL's bigint reads as text. */
  amount_cents: number | string | null;
  source: string;
  landing_path: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  erased_at: string | null;
}

interface LeadPathsTable {
  lead_id: string;
  position: number;
  path: string;
}

interface LeadNotesTable {
  id: string;
  lead_id: string;
  body: string;
  created_at: string;
}

/** One local day's follow-up reminder, mailed by whichever instance claims it. */
interface LeadRemindersTable {
  day: string;
  due_count: number;
  state: string;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}

/** A backup taken by the schedule or the command line, and how it ended. */
interface BackupRunsTable {
  id: string;
  trigger: string;
  day: string | null;
  started_at: string;
  finished_at: string | null;
  state: string;
  name: string | null;
  size: number | string | null;
  error: string | null;
  /** While running: until when the process taking it is known to be at it (ISO time), renewed as it works. */
  claimed_until: string | null;
}

interface EndedTokensTable {
  token_hash: string;
  expires_at: string;
}

interface SiteDraftTable {
  id: number;
  version: number;
  parts: string;
  part_versions: string;
  whole_version: number;
  last_publication: number;
}

interface SitePublicationsTable {
  id: number;
  published_at: string;
  content: string;
  changes: string;
  restored_from: number | null;
}

/** A case study (migration 013); `featured_slot` 1 to 4 puts it on the home and portfolio grids. */
interface CaseStudiesTable {
  id: string;
  slug: string;
  title: string;
  client: string;
  sector: string;
  summary: string;
  text: string;
  cover_url: string;
  cover_alt: string;
  cover_width: number;
  cover_height: number;
  live_url: string | null;
  /** JSON: `[{ label, value }]`. */
  results: string;
  status: 'draft' | 'published';
  published_at: string | null;
  created_at: string;
  updated_at: string;
  featured_slot: number | null;
}

interface BookingSettingsTable {
  /** Always 1: the site has one set of booking settings. */
  id: number;
  /** The settings as the API answers them, JSON. */
  settings: string;
  updated_at: string;
}

interface BookingsTable {
  id: string;
  start_at: string;
  end_at: string;
  name: string;
  email: string;
  message: string;
  /** The visitor's zone, for the times in their mails. */
  time_zone: string;
  token_hash: string;
  /** RFC 5545 SEQUENCE: raised by every reschedule, so calendars take the newest invitation. */
  sequence: Generated<number>;
  created_at: string;
  cancelled_at: string | null;
  cancelled_by: string | null;
}

interface BookingCalendarsTable {
  url: string;
  body: string | null;
  fetched_at: string | null;
  error: string | null;
  failed_at: string | null;
  claimed_until: string | null;
}

interface BookingMailsTable {
  id: string;
  booking_id: string;
  kind: string;
  mail: string | null;
  due_at: string;
  claimed_until: string | null;
  attempts: Generated<number>;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** A reader by e-mail (migration 015). */
interface SubscribersTable {
  id: string;
  email: string;
  status: 'pending' | 'confirmed' | 'bounced';
  token_hash: string | null;
  token_expires_at: string | null;
  /** When the last confirmation link was made and mailed. */
  confirmation_sent_at: string | null;
  /** A confirmation mail waits from this time (or a sender holds it until then); null when none does. */
  confirmation_due_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  confirmed_at: string | null;
  bounced_at: string | null;
  last_error: string | null;
}

/** A post to be mailed to the subscribers, once. */
interface NewsletterSendsTable {
  post_id: string;
  state: 'waiting' | 'sending' | 'done';
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  total: Generated<number>;
  /** The last subscriber id copied into the recipients ('' before any), null once all are. */
  copied_after: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One subscriber's mail of one send. */
interface NewsletterDeliveriesTable {
  post_id: string;
  subscriber_id: string;
  email: string;
  state: 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  /** The claim's own token: only its holder settles the mail (020-newsletter-claims). */
  claim_token: Generated<string | null>;
  sent_at: string | null;
  last_error: string | null;
}

/** A redirect: applied before any page is rendered (server/redirects). */
interface RedirectsTable {
  id: string;
  from_path: string;
  to_location: string;
  status: number;
  origin: string;
  created_at: string;
}

/** A path visitors got a 404 on, counted per day; each day keeps its most frequent only. */
interface NotFoundHitsTable {
  day: string;
  path: string;
  hits: number;
  last_seen: string;
  referrer_host: string | null;
}

/** A post an import made, by the export's own name for it. */
interface ImportedPostsTable {
  source_key: string;
  post_id: string;
  imported_at: string;
}

export interface Schema {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  posts: PostsTable;
  post_revisions: PostRevisionsTable;
  post_tags: PostTagsTable;
  post_search_rows: PostSearchRowsTable;
  post_images: PostImagesTable;
  image_sizes: ImageSizesTable;
  contact_messages: ContactMessagesTable;
  passkeys: PasskeysTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  security_events: SecurityEventsTable;
  insight_events: InsightEventsTable;
  insight_daily: InsightDailyTable;
  insight_vital_counts: InsightVitalCountsTable;
  ended_tokens: EndedTokensTable;
  site_draft: SiteDraftTable;
  site_publications: SitePublicationsTable;
  case_studies: CaseStudiesTable;
  leads: LeadsTable;
  lead_paths: LeadPathsTable;
  lead_notes: LeadNotesTable;
  lead_reminders: LeadRemindersTable;
  booking_settings: BookingSettingsTable;
  bookings: BookingsTable;
  booking_calendars: BookingCalendarsTable;
  booking_mails: BookingMailsTable;
  subscribers: SubscribersTable;
  newsletter_sends: NewsletterSendsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  redirects: RedirectsTable;
  not_found_hits: NotFoundHitsTable;
  imported_posts: ImportedPostsTable;
  backup_runs: BackupRunsTable;
}

export type PostRow = Selectable<PostsTable>;
export type CaseStudyRow = Selectable<CaseStudiesTable>;
export type NewPost = Insertable<PostsTable>;
export type PostRevisionRow = Selectable<PostRevisionsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type LeadRow = Selectable<LeadsTable>;
export type BookingRow = Selectable<BookingsTable>;
export type BookingMailRow = Selectable<BookingMailsTable>;
export type SubscriberRow = Selectable<SubscribersTable>;
export type NewsletterDeliveryRow = Selectable<NewsletterDeliveriesTable>;
