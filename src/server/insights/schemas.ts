import { Type } from 'typebox';
import { BEARER, errorResponses } from '../../shared/contract/common';
import { insightEventSchema, insightsQuerySchema, insightsReportSchema } from '../../shared/contract/insights';
import { documentBody } from '../http/api-document';

export const reportSchema = {
  tags: ['insights'],
  summary: 'Visitors, views, top pages and posts, referrers, devices and Core Web Vitals over 7, 30 or 90 days',
  security: BEARER,
  querystring: insightsQuerySchema,
  response: { 200: insightsReportSchema, ...errorResponses(400, 401, 503) },
} as const;

/**
 * The beacon's events: the body is read by hand (its messages are the intake's own, and the front
 * door answers the beacon's posts without Fastify), so it is described in the document only.
 */
export const eventSchema = {
  tags: ['insights'],
  summary: 'Count a page view or a page’s Core Web Vitals (the beacon)',
  description: 'Also read from text/plain, which `navigator.sendBeacon` posts. 202 when accepted, 204 when deliberately not counted (Do Not Track, Global Privacy Control, robots).',
  response: { 202: Type.Null({ description: 'Accepted.' }), 204: Type.Null({ description: 'Not counted.' }), ...errorResponses(400, 429, 503) },
} as const;

export const eventDocument = { swaggerTransform: documentBody({ 'application/json': insightEventSchema, 'text/plain': insightEventSchema }) };
