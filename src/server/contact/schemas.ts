import { Type } from 'typebox';
import { BEARER, errorResponses, messageSchema, noContentSchema } from '../../shared/contract/common';
import {
  contactBodySchema,
  contactFormInfoSchema,
  contactMessageSchema,
  contactSummarySchema,
  inboxQuerySchema,
  messageParamsSchema,
  readStateSchema,
} from '../../shared/contract/contact';
import { documentBody } from '../http/api-document';

const contact = ['contact'];
const inbox = { tags: ['inbox'], security: BEARER } as const;

export const formInfoSchema = {
  tags: contact,
  summary: 'A start token for the contact form (with CONTACT_DELIVERY=server)',
  response: { 200: contactFormInfoSchema, ...errorResponses(401) },
} as const;

/** The handler reads the fields itself (JSON or a plain form), each refusal in the form's words. */
export const submitSchema = {
  tags: contact,
  summary: 'Send a message to the agency (with CONTACT_DELIVERY=server)',
  description:
    'A plain HTML form (no JavaScript) is answered with a redirect to the contact page once the message is kept, and with the contact page itself (HTML, 400) when a field is refused.',
  response: {
    201: messageSchema,
    303: Type.Null({ description: 'A plain form’s message was kept: to the contact page that says so.' }),
    ...errorResponses(400, 413, 415, 429, 503),
  },
} as const;
export const submitDocument = documentBody({ 'application/json': contactBodySchema, 'application/x-www-form-urlencoded': contactBodySchema });

export const messagesSchema = {
  ...inbox,
  summary: 'The messages of a folder, newest first',
  querystring: inboxQuerySchema,
  response: { 200: Type.Array(contactMessageSchema), ...errorResponses(400, 401, 503) },
} as const;
export const summarySchema = { ...inbox, summary: 'Unread messages, and spam kept', response: { 200: contactSummarySchema, ...errorResponses(401, 503) } } as const;
export const readStateChangeSchema = {
  ...inbox,
  summary: 'Mark a message read or unread',
  params: messageParamsSchema,
  body: readStateSchema,
  response: { 200: contactMessageSchema, ...errorResponses(400, 401, 404, 413, 415, 503) },
} as const;
export const deleteMessageSchema = {
  ...inbox,
  summary: 'Delete a message',
  params: messageParamsSchema,
  response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 503) },
} as const;
export const notSpamSchema = {
  ...inbox,
  summary: 'Move a message out of the spam folder and mail it to the agency',
  params: messageParamsSchema,
  response: { 200: contactMessageSchema, ...errorResponses(400, 401, 404, 409, 503) },
} as const;
