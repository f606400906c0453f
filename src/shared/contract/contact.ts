import { Type } from 'typebox';
import { CONTACT_LIMITS, HONEYPOT_FIELD, START_TOKEN_FIELD } from '../contact';
import { isoTime, nullable, stringEnum } from './common';
import { leadSchema, leadSourceFieldsSchema } from './leads';
import { LEAD_STATUSES } from '../leads';

const CONTACT_FOLDERS = ['inbox', 'spam'] as const;
export const DELIVERY_STATES = ['none', 'pending', 'sending', 'sent', 'failed'] as const;

export const contactFolderSchema = stringEnum(CONTACT_FOLDERS);

export const contactValuesSchema = Type.Object({
  name: Type.String({ maxLength: CONTACT_LIMITS.name }),
  email: Type.String({ maxLength: CONTACT_LIMITS.email }),
  message: Type.String({ maxLength: CONTACT_LIMITS.message }),
});

/** What is wrong with each field, in words for the visitor. */
export const contactErrorsSchema = Type.Partial(Type.Object({ name: Type.String(), email: Type.String(), message: Type.String() }));

/** `GET /api/contact/form`: what a form needs before the visitor types. */
export const contactFormInfoSchema = Type.Object({
  startToken: Type.String({ description: 'The signed time the form was handed out; sent back with the message.' }),
  refused: Type.Optional(
    Type.Object(
      { values: contactValuesSchema, errors: contactErrorsSchema },
      { description: 'Only on the page the server answers a form post refused for its fields (no JavaScript).' },
    ),
  ),
});

/**
 * `POST /api/contact`, as JSON or as a plain HTML form: the handler reads the fields itself and
 * answers what is wrong with the first in its own words, so this is for the document.
 */
export const contactBodySchema = Type.Object({
  ...contactValuesSchema.properties,
  [HONEYPOT_FIELD]: Type.Optional(Type.String({ description: 'Left empty by people.' })),
  [START_TOKEN_FIELD]: Type.Optional(Type.String({ description: 'From `GET /api/contact/form`; else the contact page’s cookie is read.' })),
  ...leadSourceFieldsSchema,
});

/** A message as the inbox lists it. */
export const contactMessageSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  message: Type.String(),
  folder: contactFolderSchema,
  createdAt: isoTime(),
  readAt: nullable(Type.String()),
  delivery: stringEnum(DELIVERY_STATES, { description: '`none`: spam, never mailed. `pending`: waiting for its next attempt. `failed`: given up after 24 hours.' }),
  deliveryAttempts: Type.Integer(),
  deliveredAt: nullable(Type.String()),
  nextAttemptAt: nullable(Type.String()),
  lastError: nullable(Type.String()),
  spamReason: nullable(Type.String(), { description: 'Why it was judged spam, for the owner deciding whether it is.' }),
  lead: Type.Union([leadSchema, Type.Null()], { description: 'The message as a lead; null in the spam folder.' }),
});

export const contactSummarySchema = Type.Object({ unread: Type.Integer(), spam: Type.Integer() });

export const inboxQuerySchema = Type.Object({
  folder: Type.Optional(contactFolderSchema),
  status: Type.Optional(stringEnum(LEAD_STATUSES, { description: 'Only the inbox’s leads in this status.' })),
});
export const messageParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const readStateSchema = Type.Object({ read: Type.Boolean() }, { additionalProperties: false });
