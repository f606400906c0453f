import { BLOG_PAGE_SIZE } from '../../shared/constants';

/** Largest page a client may ask for; lists beyond it must page. */
export const MAX_PAGE_LIMIT = 100;
/** Keeps offsets small enough for every engine. */
export const MAX_PAGE = 999_999;
export const DEFAULT_PAGE_LIMIT = BLOG_PAGE_SIZE;

const post = {
  type: 'object',
  required: ['_id', 'title', 'content', 'slug', 'imageUrl', 'createdAt', 'updatedAt'],
  properties: {
    _id: { type: 'string' },
    title: { type: 'string' },
    content: { type: 'string' },
    slug: { type: 'string' },
    imageUrl: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;

const message = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

export interface ListQuery {
  page?: string;
  limit?: string;
}

/**
 * Page and limit as digit strings: ajv's integer coercion lets "1e400" through as Infinity, so
 * the shape is checked as text and the handler converts it.
 */
export const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
      limit: { type: 'string', pattern: `^([1-9][0-9]?|${MAX_PAGE_LIMIT})$` },
    },
  },
  response: { 200: { type: 'array', items: post } },
} as const;

const QUERY_MESSAGES: Record<string, string> = {
  page: `Page must be a whole number from 1 to ${MAX_PAGE}.`,
  limit: `Limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`,
};

/** A sentence a person can act on instead of ajv's 'must match pattern "^…$"'. */
export function listQueryError(errors: { instancePath: string }[]): Error {
  const field = errors[0]?.instancePath.replace(/^\//, '') ?? '';
  return new Error(QUERY_MESSAGES[field] ?? `Page and limit must be whole numbers; limit at most ${MAX_PAGE_LIMIT}.`);
}

export const onePostSchema = { response: { 200: post } } as const;
export const createdPostSchema = { response: { 201: post } } as const;
export const messageSchema = { response: { 200: message } } as const;
