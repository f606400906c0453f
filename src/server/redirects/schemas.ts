import { Type } from 'typebox';
import { BEARER, errorResponses, noContentSchema } from '../../shared/contract/common';
import { newRedirectSchema, notFoundPathSchema, redirectParamsSchema, redirectSchema } from '../../shared/contract/redirects';

const redirects = { tags: ['redirects'], security: BEARER } as const;

export const listRedirectsSchema = {
  ...redirects,
  summary: 'Every redirect, newest first',
  response: { 200: Type.Array(redirectSchema), ...errorResponses(401, 503) },
} as const;

export const addRedirectSchema = {
  ...redirects,
  summary: 'Add a redirect',
  description: 'Applied on every instance within a second. A redirect to its own address, or one that would close a loop, is refused with 400.',
  body: newRedirectSchema,
  response: { 201: redirectSchema, ...errorResponses(400, 401, 409, 413, 415, 503) },
} as const;

export const removeRedirectSchema = {
  ...redirects,
  summary: 'Remove a redirect',
  params: redirectParamsSchema,
  response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 503) },
} as const;

export const notFoundReportSchema = {
  ...redirects,
  summary: 'The 100 paths visitors got a 404 on most often in the last 30 days',
  description: 'Paths that a redirect now answers are left out.',
  response: { 200: Type.Array(notFoundPathSchema), ...errorResponses(401, 503) },
} as const;
