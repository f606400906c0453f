import { Type } from 'typebox';
import { BEARER, errorResponses, noContentSchema } from '../../shared/contract/common';
import { contactMessageSchema, messageParamsSchema } from '../../shared/contract/contact';
import { insightsQuerySchema } from '../../shared/contract/insights';
import { dueLeadsSchema, eraseAnswerSchema, eraseBodySchema, leadChangeSchema, leadNoteBodySchema, leadsReportSchema } from '../../shared/contract/leads';

const leads = { tags: ['leads'], security: BEARER } as const;

export const leadChangeRouteSchema = {
  ...leads,
  summary: 'Change a lead’s status, follow-up day or amount won',
  params: messageParamsSchema,
  body: leadChangeSchema,
  response: { 200: contactMessageSchema, ...errorResponses(400, 401, 404, 413, 415, 503) },
} as const;

export const addNoteSchema = {
  ...leads,
  summary: 'Add a dated note to a lead',
  params: messageParamsSchema,
  body: leadNoteBodySchema,
  response: { 201: contactMessageSchema, ...errorResponses(400, 401, 404, 409, 413, 415, 503) },
} as const;

export const deleteNoteSchema = {
  ...leads,
  summary: 'Delete a note of a lead',
  params: Type.Object({ id: Type.String({ maxLength: 100 }), noteId: Type.String({ maxLength: 100 }) }),
  response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 503) },
} as const;

export const dueSchema = {
  ...leads,
  summary: 'Open leads whose follow-up is due today (in the site’s time zone) or overdue',
  response: { 200: dueLeadsSchema, ...errorResponses(401, 503) },
} as const;

export const exportSchema = {
  ...leads,
  summary: 'Every lead of the inbox as CSV (RFC 4180, UTF-8)',
  description: 'Columns: received, name, email, status, source, landing page, value. A cell a spreadsheet would run as a formula starts with an apostrophe.',
  produces: ['text/csv'],
  response: { 200: Type.String({ description: 'text/csv; charset=utf-8' }), ...errorResponses(401, 503) },
} as const;

export const eraseSchema = {
  ...leads,
  summary: 'Erase every message sent from an e-mail address (their counts stay in Insights)',
  body: eraseBodySchema,
  response: { 200: eraseAnswerSchema, ...errorResponses(400, 401, 413, 415, 503) },
} as const;

export const leadsReportRouteSchema = {
  tags: ['insights'],
  security: BEARER,
  summary: 'Leads by source, landing page and post read before writing, for the last 7, 30 or 90 days',
  querystring: insightsQuerySchema,
  response: { 200: leadsReportSchema, ...errorResponses(400, 401, 503) },
} as const;
