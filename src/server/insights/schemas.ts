import { BEARER, errorResponses } from '../../shared/contract/common';
import { insightsQuerySchema, insightsReportSchema } from '../../shared/contract/insights';

export const reportSchema = {
  tags: ['insights'],
  summary: 'Visitors, views, top pages and posts, referrers, devices and Core Web Vitals over 7, 30 or 90 days',
  security: BEARER,
  querystring: insightsQuerySchema,
  response: { 200: insightsReportSchema, ...errorResponses(400, 401, 503) },
} as const;
