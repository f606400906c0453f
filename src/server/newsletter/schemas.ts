import { Type } from 'typebox';
import { BEARER, errorResponses, messageSchema, noContentSchema } from '../../shared/contract/common';
import {
  importRefusalSchema,
  importResultSchema,
  newsletterSendSchema,
  postParamsSchema,
  subscribeBodySchema,
  subscribeFormInfoSchema,
  subscriberListSchema,
  subscriberParamsSchema,
  subscriberQuerySchema,
} from '../../shared/contract/newsletter';
import { documentBody } from '../http/api-document';

const readers = ['newsletter'];
const owner = { tags: ['newsletter'], security: BEARER } as const;

export const formInfoSchema = {
  tags: readers,
  summary: 'A start token for the subscribe form',
  response: { 200: subscribeFormInfoSchema, ...errorResponses(503) },
} as const;

export const subscribeSchema = {
  tags: readers,
  summary: 'Subscribe an address to the blog by e-mail (a confirmation link is mailed)',
  description: 'The same answer whether the address is new, pending or confirmed. A plain HTML form (no JavaScript) is answered with a redirect to the page that says so.',
  response: {
    202: messageSchema,
    303: Type.Null({ description: 'A plain form’s address was taken: to the page that says so.' }),
    ...errorResponses(400, 413, 415, 429, 503),
  },
} as const;
export const subscribeDocument = documentBody({ 'application/json': subscribeBodySchema, 'application/x-www-form-urlencoded': subscribeBodySchema });

export const listSchema = {
  ...owner,
  summary: 'Subscribers, newest first, with search and paging',
  querystring: subscriberQuerySchema,
  response: { 200: subscriberListSchema, ...errorResponses(400, 401, 503) },
} as const;

export const deleteSchema = {
  ...owner,
  summary: 'Delete a subscriber',
  params: subscriberParamsSchema,
  response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 503) },
} as const;

export const exportSchema = {
  ...owner,
  summary: 'Every subscriber as CSV (email, status, subscribed, confirmed)',
  response: { 200: Type.String({ description: 'text/csv; RFC 4180, UTF-8, with a header row.' }), ...errorResponses(401, 503) },
} as const;

export const importSchema = {
  ...owner,
  summary: 'Import subscribers from CSV (columns email and consent)',
  description: 'Rows with consent `yes` are subscribed at once; the others are mailed a confirmation link. A file with any bad row changes nothing, and the answer lists every bad row by line.',
  response: { 200: importResultSchema, 400: importRefusalSchema, ...errorResponses(401, 413, 415, 503) },
} as const;
export const importDocument = documentBody({ 'text/csv': Type.String({ description: 'At most 2 MB and 20,000 rows.' }) });

export const requestSendSchema = {
  ...owner,
  summary: 'Mail a published or scheduled post to the subscribers, once, when it becomes visible',
  params: postParamsSchema,
  response: { 202: newsletterSendSchema, ...errorResponses(400, 401, 404, 409, 503) },
} as const;

export const cancelSendSchema = {
  ...owner,
  summary: 'Call off a send that has not started',
  params: postParamsSchema,
  response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 409, 503) },
} as const;

export const testSendSchema = {
  ...owner,
  summary: 'Mail the post to the signed-in owner alone',
  params: postParamsSchema,
  response: { 200: messageSchema, ...errorResponses(400, 401, 404, 503) },
} as const;

export const sendsSchema = {
  ...owner,
  summary: 'Every post asked to be mailed, with its progress',
  response: { 200: Type.Array(newsletterSendSchema), ...errorResponses(401, 503) },
} as const;
