import { CARD_VIEW, POST_STATUSES, type PostStatus } from '../../shared/api-types';
import { BLOG_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../shared/constants';

/** Largest page a client may ask for; lists beyond it must page. */
export const MAX_PAGE_LIMIT = 100;
/** Keeps offsets small enough for every engine. */
export const MAX_PAGE = 999_999;
export const DEFAULT_PAGE_LIMIT = BLOG_PAGE_SIZE;

const status = { type: 'string', enum: POST_STATUSES } as const;
const text = { type: 'string' } as const;
const orNull = { type: ['string', 'null'] } as const;

/** What a post and each of its revisions have alike. */
const version = { _id: text, title: text, content: text, imageUrl: orNull, description: text, imageAlt: text, status, publishedAt: orNull } as const;

export const post = {
  type: 'object',
  required: ['_id', 'title', 'content', 'slug', 'imageUrl', 'description', 'imageAlt', 'createdAt', 'updatedAt', 'status', 'publishedAt', 'tags'],
  properties: {
    ...version,
    slug: text,
    createdAt: text,
    updatedAt: text,
    tags: { type: 'array', items: text },
    tagSlugs: { type: 'array', items: text },
    summary: text,
    excerpt: text,
    readingMinutes: { type: 'integer' },
  },
} as const;

/** A post or, with `?view=card`, a post without its `content`: what lists answer. */
export const postOrCard = { ...post, required: post.required.filter((field) => field !== 'content') } as const;

/** `?view=card`: posts without their markdown (api-types.ts, PostCard). */
export const viewField = { type: 'string', enum: [CARD_VIEW] } as const;

const revision = {
  type: 'object',
  required: ['_id', 'postId', 'title', 'content', 'imageUrl', 'status', 'publishedAt', 'savedAt', 'replacedAt'],
  properties: { ...version, postId: text, savedAt: text, replacedAt: text },
} as const;

const message = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/** A page number as digit strings: ajv's integer coercion lets "1e400" through as Infinity. */
export const pageField = { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } as const;
/** A search: text without control characters, at most MAX_SEARCH_LENGTH. */
export const queryField = { type: 'string', maxLength: MAX_SEARCH_LENGTH, pattern: '^[^\\u0000-\\u001f\\u007f]*$' } as const;

export interface ListQuery {
  page?: string;
  limit?: string;
  status?: PostStatus;
  q?: string;
  tag?: string;
  view?: typeof CARD_VIEW;
}

/**
 * Page and limit as digit strings: ajv's integer coercion lets "1e400" through as Infinity, so
 * the shape is checked as text and the handler converts it.
 */
export const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      page: pageField,
      limit: { type: 'string', pattern: `^([1-9][0-9]?|${MAX_PAGE_LIMIT})$` },
      status,
      q: queryField,
      tag: { type: 'string', maxLength: 200, pattern: '^[a-z0-9-]*$' },
      view: viewField,
    },
  },
  response: { 200: { type: 'array', items: postOrCard } },
} as const;

const QUERY_MESSAGES: Record<string, string> = {
  page: `Page must be a whole number from 1 to ${MAX_PAGE}.`,
  limit: `Limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`,
  status: `status must be one of ${POST_STATUSES.join(', ')}.`,
  tag: 'tag must be a tag slug: lower-case letters, digits and hyphens.',
  view: `View must be ${CARD_VIEW}, or left out.`,
  q: `The search (q) must be at most ${MAX_SEARCH_LENGTH} characters of text, without control characters.`,
};

/** A sentence a person can act on instead of ajv's 'must match pattern "^…$"' (the list's and the search's query). */
export function listQueryError(errors: { instancePath: string }[]): Error {
  const field = errors[0]?.instancePath.replace(/^\//, '') ?? '';
  return new Error(QUERY_MESSAGES[field] ?? `Page and limit must be whole numbers; limit at most ${MAX_PAGE_LIMIT}.`);
}

export const onePostSchema = { response: { 200: post } } as const;
/** A post with its stored HTML: the read by slug, for the post page. */
export const postPageSchema = { response: { 200: { ...post, properties: { ...post.properties, html: text } } } } as const;
export const createdPostSchema = { response: { 201: post } } as const;
export const messageSchema = { response: { 200: message } } as const;
export const revisionsSchema = { response: { 200: { type: 'array', items: revision } } } as const;
export const countsSchema = {
  response: {
    200: {
      type: 'object',
      required: ['total', ...POST_STATUSES],
      properties: Object.fromEntries(['total', ...POST_STATUSES].map((key) => [key, { type: 'integer' }])),
    },
  },
} as const;
