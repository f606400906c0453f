/** The API's contract (docs/product.md#api), shared by the server and the client. */

/** Every API error answers with this body. */
export interface ApiError {
  message: string;
}

/** Draft (no publication time), scheduled (a future one) or published (a past one). */
export type PostStatus = 'draft' | 'scheduled' | 'published';

export const POST_STATUSES: readonly PostStatus[] = ['draft', 'scheduled', 'published'];

export interface Post {
  _id: string;
  title: string;
  /** Markdown, possibly with raw HTML. The API takes it as `body` and answers it as `content`. */
  content: string;
  slug: string;
  /** URL of the largest stored image; the 400 and 800 px versions sit beside it. */
  imageUrl?: string | null;
  /**
   * What the post is about, for search results and shared links (meta description, Open Graph,
   * Twitter, JSON-LD); '' or absent when the owner gave none. At most 300 characters.
   */
  description?: string;
  /** The alternative text of the post's image wherever it is shown or shared; '' or absent when none. At most 250 characters. */
  imageAlt?: string;
  createdAt: string;
  updatedAt: string;
  status: PostStatus;
  /** When visitors see (or saw) it first, ISO 8601 UTC; null for a draft. */
  publishedAt: string | null;
  /**
   * Text derived from the content by this site's server: the card's 40 words and '...', and the
   * meta description. Another server honouring the same API may leave them out.
   */
  summary?: string;
  excerpt?: string;
  /** The post's tags (0 to 10 names), in the order the writer gave them. */
  tags: string[];
  /** The slug of each tag, in the same order: the address of its page is `/blog/tag/{slug}`. */
  tagSlugs?: string[];
  /** Minutes a reader needs: the words of the text ÷ 230, rounded up (at least 1). Derived like `summary`. */
  readingMinutes?: number;
  /**
   * The content as sanitised HTML, rendered by this site's server when the post was written with
   * the browser's own markdown pipeline. Sent only with one post read by its slug (lists and
   * cards do without); another server may leave it out.
   */
  html?: string;
}

/**
 * A post as a card shows it: the lists, related posts and search results asked for with
 * `?view=card` leave out the markdown (`content`), which a card never reads. A server that does
 * not know `view` sends it anyway.
 */
export type PostCard = Omit<Post, 'content' | 'html'> & Partial<Pick<Post, 'content'>>;

/** What `?view=card` asks for. */
export const CARD_VIEW = 'card';

/** A tag with the number of published posts carrying it. */
export interface TagSummary {
  name: string;
  slug: string;
  count: number;
}

/** One post found by a search, with the matched words of its text marked. */
export interface SearchResult {
  /** A whole post; a card (no `content`) when asked with `?view=card`. */
  post: PostCard;
  /**
   * Plain text around the matches, HTML-escaped, with each match inside `<mark>…</mark>`: the
   * one markup it ever holds (docs/product.md#search).
   */
  snippet: string;
}

/** One page of a search (`GET /api/search?q=&page=`). */
export interface SearchPage {
  results: SearchResult[];
  /** Matches in all, over every page (this site's SQLite search stops counting at 1,000). */
  total: number;
}

/** A post as it was before one of its updates. */
export interface PostRevision {
  _id: string;
  postId: string;
  title: string;
  content: string;
  imageUrl: string | null;
  description?: string;
  imageAlt?: string;
  status: PostStatus;
  publishedAt: string | null;
  /** When this version was saved. */
  savedAt: string;
  /** When a newer version replaced it. */
  replacedAt: string;
}

/** How many posts the administrator has in each status. */
export type PostCounts = Record<PostStatus, number> & { total: number };

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  message?: string;
}

export interface MessageResponse {
  message: string;
}

/** The payload the server signs into every sign-in token. */
export interface TokenPayload {
  sub: string;
  email: string;
  iat: number;
  exp: number;
  /** The account's token version; a password reset raises it and retires older tokens. */
  ver: number;
  /** When the person last proved who they are (seconds since the epoch); absent in older tokens, which count from `iat`. */
  auth_time?: number;
}

/** A 403 of an action that needs a recent sign-in: the page asks for a password, a passkey or a code, then carries on. */
export interface ReauthRequired {
  message: string;
  reauth: true;
}

/** Header carrying the total number of posts when the list is asked for one page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** `POST /api/auth/login` for an account with an authenticator app: the password was right, a code must follow. */
export interface MfaChallenge {
  mfaRequired: true;
  /** Serves one `POST /api/auth/login/mfa` within 5 minutes. */
  mfaToken: string;
}

export type LoginAnswer = LoginResponse | MfaChallenge;

export type SignInMethod = 'password' | 'passkey' | 'authenticator' | 'recovery-code';

export type SecurityEventType =
  | 'sign-in'
  | 'sign-in-failed'
  | 'locked-out'
  | 'reset-requested'
  | 'reset-done'
  | 'passkey-added'
  | 'passkey-removed'
  | 'authenticator-added'
  | 'authenticator-removed'
  | 'recovery-code-used'
  | 'recovery-codes-renewed'
  | 'signed-out-everywhere';

/** One line of the account's security log. */
export interface SecurityEvent {
  id: string;
  type: SecurityEventType;
  method: SignInMethod | null;
  /** A passkey's name, say. */
  detail: string | null;
  /** The client address, shortened. */
  address: string;
  /** "Chrome 131 on Linux". */
  browser: string;
  at: string;
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** `GET /api/security`: what protects the account. */
export interface SecurityOverview {
  authenticator: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeySummary[];
  events: SecurityEvent[];
}

/** `POST /api/security/authenticator`: what the administrator enters in the app, shown until confirmed. */
export interface AuthenticatorEnrolment {
  secret: string;
  uri: string;
  /** The QR code of `uri`, as SVG markup. */
  qrSvg: string;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}
