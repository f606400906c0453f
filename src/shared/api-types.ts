/**
 * The API's contract (docs/product.md#api), shared by the server and the client. The types are
 * derived from the schemas in ./contract, imported as types only: the client's bundle carries
 * none of the schemas, and the values here (the client reads them at run time) import nothing.
 */
import type { Static } from 'typebox';
import type { credentialsSchema, loginResponseSchema, mfaChallengeSchema, tokenPayloadSchema } from './contract/accounts';
import type { messageSchema, reauthRequiredSchema } from './contract/common';
import type { postCardSchema, postCountsSchema, postPageSchema, postRevisionSchema, searchPageSchema, searchResultSchema, tagSummarySchema } from './contract/posts';
import type {
  authenticatorEnrolmentSchema,
  passkeySummarySchema,
  recoveryCodesSchema,
  securityEventSchema,
  securityOverviewSchema,
  SECURITY_EVENT_TYPES,
  SIGN_IN_METHODS,
} from './contract/security';

/** Draft (no publication time), scheduled (a future one) or published (a past one). */
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * A post as the API answers it, `html` (the content rendered) only with one post read by its
 * slug; what each field holds is described in its schema.
 */
export type Post = Static<typeof postPageSchema>;

/**
 * A post as a card shows it: the lists, related posts and search results asked for with
 * `?view=card` leave out the markdown (`content`), which a card never reads. A server that does
 * not know `view` sends it anyway.
 */
export type PostCard = Static<typeof postCardSchema>;

/** What `?view=card` asks for. */
export const CARD_VIEW = 'card';

/** A tag with the number of published posts carrying it. */
export type TagSummary = Static<typeof tagSummarySchema>;

/** One post found by a search, with the matched words of its text marked. */
export type SearchResult = Static<typeof searchResultSchema>;

/** One page of a search (`GET /api/search?q=&page=`). */
export type SearchPage = Static<typeof searchPageSchema>;

/** A post as it was before one of its updates. */
export type PostRevision = Static<typeof postRevisionSchema>;

/** How many posts the administrator has in each status. */
export type PostCounts = Static<typeof postCountsSchema>;

export type Credentials = Static<typeof credentialsSchema>;

export type LoginResponse = Static<typeof loginResponseSchema>;

export type MessageResponse = Static<typeof messageSchema>;

/** The payload the server signs into every sign-in token. */
export type TokenPayload = Static<typeof tokenPayloadSchema>;

/** A 403 of an action that needs a recent sign-in: the page asks for a password, a passkey or a code, then carries on. */
export type ReauthRequired = Static<typeof reauthRequiredSchema>;

/** Header carrying the total number of posts when the list is asked for one page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** `POST /api/auth/login` for an account with an authenticator app: the password was right, a code must follow. */
type MfaChallenge = Static<typeof mfaChallengeSchema>;

export type LoginAnswer = LoginResponse | MfaChallenge;

export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** One line of the account's security log. */
export type SecurityEvent = Static<typeof securityEventSchema>;

export type PasskeySummary = Static<typeof passkeySummarySchema>;

/** `GET /api/security`: what protects the account. */
export type SecurityOverview = Static<typeof securityOverviewSchema>;

/** `POST /api/security/authenticator`: what the administrator enters in the app, shown until confirmed. */
export type AuthenticatorEnrolment = Static<typeof authenticatorEnrolmentSchema>;

export type RecoveryCodes = Static<typeof recoveryCodesSchema>;
