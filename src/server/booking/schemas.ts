import { Type } from 'typebox';
import { BEARER, errorResponses, messageSchema } from '../../shared/contract/common';
import {
  bookedSchema,
  bookingBodySchema,
  bookingFormInfoSchema,
  bookingListQuerySchema,
  bookingOpenSchema,
  bookingParamsSchema,
  bookingSchema,
  bookingSettingsSchema,
  managedSchema,
  manageParamsSchema,
  ownerCancelSchema,
  rescheduleSchema,
  settingsAnswerSchema,
  slotsAnswerSchema,
  slotsQuerySchema,
} from '../../shared/contract/booking';
import { documentBody } from '../http/api-document';

const publicTags = ['booking'];
const owner = { tags: ['bookings admin'], security: BEARER } as const;

export const getSettingsSchema = { ...owner, summary: 'The booking settings, and how each busy calendar was last read', response: { 200: settingsAnswerSchema, ...errorResponses(401, 503) } } as const;
export const putSettingsSchema = {
  ...owner,
  summary: 'Change the booking settings',
  body: bookingSettingsSchema,
  response: { 200: settingsAnswerSchema, ...errorResponses(400, 401, 413, 415, 503) },
} as const;
export const slotsSchema = {
  tags: publicTags,
  summary: 'The free slots between two days of the owner’s calendar',
  querystring: slotsQuerySchema,
  response: { 200: slotsAnswerSchema, ...errorResponses(400, 404, 503) },
} as const;
export const formSchema = { tags: publicTags, summary: 'A start token for the booking form', response: { 200: bookingFormInfoSchema, ...errorResponses(404) } } as const;
/** The handler reads the fields itself (JSON or a plain form); this is for the document. */
export const bookSchema = {
  tags: publicTags,
  summary: 'Book a free slot',
  description: 'A plain HTML form (no JavaScript) is answered with a redirect to the booking page saying the call is booked.',
  response: { 201: bookedSchema, 303: Type.Null({ description: 'A plain form’s booking was made.' }), ...errorResponses(400, 404, 409, 413, 415, 429, 503) },
} as const;
export const bookDocument = documentBody({ 'application/json': bookingBodySchema, 'application/x-www-form-urlencoded': bookingBodySchema });
export const managedGetSchema = { tags: publicTags, summary: 'The booking a manage link is for', params: manageParamsSchema, response: { 200: managedSchema, ...errorResponses(400, 404, 503) } } as const;
export const manageCancelSchema = {
  tags: publicTags,
  summary: 'Cancel the booking of a manage link',
  params: manageParamsSchema,
  response: { 200: messageSchema, 303: Type.Null({ description: 'A plain form’s cancellation was made.' }), ...errorResponses(400, 404, 409, 429, 503) },
} as const;
export const manageRescheduleSchema = {
  tags: publicTags,
  summary: 'Move the booking of a manage link to another free slot',
  params: manageParamsSchema,
  response: { 200: bookedSchema, 303: Type.Null({ description: 'A plain form’s move was made.' }), ...errorResponses(400, 404, 409, 413, 415, 429, 503) },
} as const;
export const rescheduleDocument = documentBody({ 'application/json': rescheduleSchema, 'application/x-www-form-urlencoded': rescheduleSchema });
export const listSchema = { ...owner, summary: 'Upcoming (soonest first) or past (latest first) bookings', querystring: bookingListQuerySchema, response: { 200: Type.Array(bookingSchema), ...errorResponses(400, 401, 503) } } as const;
export const ownerCancelRouteSchema = {
  ...owner,
  summary: 'Cancel a booking, with a message for the visitor’s cancellation mail',
  params: bookingParamsSchema,
  body: ownerCancelSchema,
  response: { 200: bookingSchema, ...errorResponses(400, 401, 404, 409, 413, 415, 503) },
} as const;
export const openSchema = { tags: publicTags, summary: 'Whether bookings are open (the pages link to /book while they are)', response: { 200: bookingOpenSchema, ...errorResponses(503) } } as const;
