import { Type, type TSchema } from 'typebox';

/**
 * The pieces every resource's contract is built from. Only the server and the document import
 * these schemas at run time; the client takes their types (`import type`), so none of this
 * reaches a visitor's bundle.
 */

/** Every API error answers with this body. */
export const apiErrorSchema = Type.Object({ message: Type.String() }, { description: 'What went wrong, in words meant for the person using the site.' });

/** A 200 that only says what was done. */
export const messageSchema = Type.Object({ message: Type.String() });

/** A 403 of an action that needs a recent sign-in: the page asks for a proof, then carries on. */
export const reauthRequiredSchema = Type.Object(
  { message: Type.String(), reauth: Type.Literal(true) },
  { description: 'The sign-in is too old for this change: confirm it is you (`POST /api/auth/reauth`), then try again.' },
);

/**
 * `type: [T, 'null']` rather than `anyOf`: the serializer writes it directly, and OpenAPI 3.1
 * reads it as is.
 */
export const nullable = <T extends TSchema & { type: string }>(schema: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T extends { type: 'string' } ? string | null : T extends { type: 'integer' | 'number' } ? number | null : unknown>({ ...schema, ...options, type: [schema.type, 'null'] });

/** One of a list of strings, as `enum` rather than a union of constants: the serializer writes it directly. */
export const stringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** An ISO 8601 time in UTC, as every time in the API is written. */
export const isoTime = (description?: string) => Type.String(description ? { description } : {});

/** An empty answer (204). */
export const noContentSchema = Type.Unsafe<undefined>({ type: 'null', description: 'No content.' });

const ERROR_MEANINGS = {
  400: 'The request is not valid; the message says what to change.',
  401: 'No valid bearer token. A read that needs none still refuses one that is not valid.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'In conflict with the current state.',
  413: 'The request or one of its fields is too large.',
  415: 'The body is not of a type this call takes.',
  429: 'Too many requests from this client or for this account; `Retry-After` says when to try again.',
  503: 'A service the site depends on (its database, the limits store, the image store) is away for a moment, or the server is too busy; `Retry-After` says when to try again.',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** The `{ message }` answers a route gives, each described: for the route's `response` schema. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, Type.Object(apiErrorSchema.properties, { description: ERROR_MEANINGS[status] })])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/** The 403 of a change that needs a recent sign-in, which other refusals share. */
export const reauthOrForbiddenSchema = Type.Object(
  { message: Type.String(), reauth: Type.Optional(Type.Literal(true)) },
  { description: 'With `reauth: true`, the sign-in is too old for this change: confirm it is you (`POST /api/auth/reauth`), then try again.' },
);

/** Routes that need the bearer token say so for the document. */
export const BEARER = [{ bearer: [] }];
