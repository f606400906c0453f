import { Type } from 'typebox';
import { HONEYPOT_FIELD, START_TOKEN_FIELD } from '../contact';
import { isoTime, nullable, stringEnum } from './common';

const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'bounced'] as const;
const SEND_STATES = ['waiting', 'sending', 'done'] as const;

/** `POST /api/subscribers`, as JSON or a plain HTML form; the handler reads the fields itself. */
export const subscribeBodySchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  [HONEYPOT_FIELD]: Type.Optional(Type.String({ description: 'Left empty by people.' })),
  [START_TOKEN_FIELD]: Type.Optional(Type.String({ description: 'From `GET /api/subscribers/form`; else the blog pages’ cookie is read.' })),
});

export const subscribeFormInfoSchema = Type.Object({ startToken: Type.String() });

export const subscriberSchema = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  status: stringEnum(SUBSCRIBER_STATUSES, { description: '`pending`: not confirmed yet (deleted after 7 days). `bounced`: refused permanently, never mailed again.' }),
  createdAt: isoTime(),
  confirmedAt: nullable(Type.String()),
  lastError: nullable(Type.String()),
});

export const subscriberListSchema = Type.Object({
  subscribers: Type.Array(subscriberSchema),
  /** Of the search, across its pages. */
  total: Type.Integer(),
  confirmed: Type.Integer({ description: 'Confirmed subscribers of the whole list, whatever the search.' }),
});

export const subscriberQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 254 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const subscriberParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const importResultSchema = Type.Object({
  subscribed: Type.Integer({ description: 'Rows with consent `yes`: confirmed now.' }),
  invited: Type.Integer({ description: 'Other new rows: sent a confirmation mail.' }),
  unchanged: Type.Integer({ description: 'Addresses already confirmed.' }),
});

export const importRefusalSchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() }), { description: 'The bad rows of a refused file, by line (the first 100).' })),
});

export const newsletterSendSchema = Type.Object({
  postId: Type.String(),
  state: stringEnum(SEND_STATES, { description: '`waiting`: for the post to become visible.' }),
  requestedAt: isoTime(),
  startedAt: nullable(Type.String()),
  finishedAt: nullable(Type.String()),
  total: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
});

export const postParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });
