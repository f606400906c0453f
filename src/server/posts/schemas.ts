import { Type } from 'typebox';
import { CARD_VIEW, POST_STATUSES } from '../../shared/api-types';
import { BEARER, errorResponses, messageSchema } from '../../shared/contract/common';
import {
  MAX_PAGE,
  MAX_PAGE_LIMIT,
  postCardSchema,
  postCountsSchema,
  postListQuerySchema,
  postPageSchema as postWithHtml,
  postRevisionSchema,
  postSchema,
  tagSummarySchema,
  uploadedImageSchema,
  viewQuerySchema,
} from '../../shared/contract/posts';
import { BLOG_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../shared/constants';

export const DEFAULT_PAGE_LIMIT = BLOG_PAGE_SIZE;

const tags = ['posts'];
/** A read with a bearer that is not a valid token, and a database away, answer on every read. */
const readErrors = errorResponses(401, 503);
const ownerErrors = errorResponses(401, 404, 503);

export const listSchema = {
  tags,
  summary: "The posts: visitors' published ones, or with the bearer token every status",
  description: 'With `page` or `limit`, one page, and the total in the `X-Total-Count` header.',
  querystring: postListQuerySchema,
  response: { 200: Type.Array(postCardSchema), ...errorResponses(400, 401, 503) },
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

/** A post with its stored HTML: the read by slug, for the post page. */
export const postPageSchema = {
  tags,
  summary: 'A published post by its slug, with its HTML',
  response: { 200: postWithHtml, ...errorResponses(401, 404, 503) },
} as const;
export const ownPostSchema = { tags, summary: 'A post of any status by its id', security: BEARER, response: { 200: postSchema, ...ownerErrors } } as const;
export const countsSchema = { tags, summary: 'How many posts there are in each status', security: BEARER, response: { 200: postCountsSchema, ...readErrors } } as const;

/** Create and update take a multipart form, which the handler reads with its own messages. */
const formErrors = errorResponses(400, 401, 413, 415, 503);
export const createdPostSchema = {
  tags,
  summary: 'Create a post',
  security: BEARER,
  response: { 201: postSchema, ...formErrors },
} as const;
export const updatedPostSchema = {
  tags,
  summary: 'Update a post',
  description: "Fields left out keep their values; a new image replaces the old one.",
  security: BEARER,
  response: { 200: postSchema, ...formErrors, ...errorResponses(404) },
} as const;
export const deletedPostSchema = { tags, summary: 'Delete a post', security: BEARER, response: { 200: messageSchema, ...ownerErrors } } as const;
export const revisionsSchema = {
  tags,
  summary: "A post's earlier versions, newest first",
  security: BEARER,
  response: { 200: Type.Array(postRevisionSchema), ...ownerErrors },
} as const;
export const restoredSchema = {
  tags,
  summary: 'Restore an earlier version of a post',
  security: BEARER,
  response: { 200: postSchema, ...ownerErrors },
} as const;

export const tagsSchema = {
  tags: ['tags'],
  summary: 'Every tag with its number of published posts (with the bearer token, of every post)',
  response: { 200: Type.Array(tagSummarySchema), ...readErrors },
} as const;
export const tagSchema = { tags: ['tags'], summary: 'One tag by its slug', response: { 200: tagSummarySchema, ...errorResponses(401, 404, 503) } } as const;
export const relatedSchema = {
  tags,
  summary: 'Published posts sharing tags with a post',
  querystring: viewQuerySchema,
  response: { 200: Type.Array(postCardSchema), ...errorResponses(400, 401, 404, 503) },
} as const;
export const imageSchema = {
  tags: ['images'],
  summary: "Store an image for a post's content",
  description: 'Kept a day unless a post names it by then.',
  security: BEARER,
  response: { 201: uploadedImageSchema, ...formErrors },
} as const;
