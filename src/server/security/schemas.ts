import type { FastifySchema, FastifySchemaValidationError } from 'fastify';
import { HttpError } from '../http/errors';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const body = <P extends Record<string, object>>(properties: P, required = Object.keys(properties)) => ({ type: 'object', properties, required }) as const;

export const mfaLoginSchema = { body: body({ mfaToken: text(256), code: text(64) }) } satisfies FastifySchema;
/** A WebAuthn response is the library's to judge; here only its outline and size. */
const credential = { type: 'object', properties: { id: text(1024) }, required: ['id'] } as const;
export const passkeyLoginSchema = { body: body({ response: credential }), bodyLimit: 32 * 1024 } as const;
export const codeSchema = { body: body({ code: text(64) }) } satisfies FastifySchema;
export const addPasskeySchema = { body: body({ name: text(1024), response: credential }) } satisfies FastifySchema;
export const renamePasskeySchema = {
  params: { type: 'object', properties: { id: text(1024) }, required: ['id'] },
  body: body({ name: text(1024) }),
} satisfies FastifySchema;
export const passkeyParamsSchema = { params: renamePasskeySchema.params } satisfies FastifySchema;

const LABELS: Record<string, string> = { password: 'Password', mfaToken: 'The sign-in token', code: 'Code', name: 'Name', response: 'The passkey response', id: 'The passkey id' };

/** Schema failures said in the page's words ("Code is required."). */
export function describeFactorSchemaError(errors: FastifySchemaValidationError[]): Error {
  const [first] = errors;
  const field = first?.keyword === 'required' ? String(first.params.missingProperty) : first?.instancePath.split('/')[1];
  const label = field ? LABELS[field] : undefined;
  if (!first || !label) return new HttpError(400, 'The request body must be a JSON object.');
  if (first.keyword === 'required') return new HttpError(400, `${label} is required.`);
  if (first.keyword === 'maxLength') return new HttpError(400, `${label} is too long.`);
  return new HttpError(400, `${label} is not valid.`);
}

/** One proof of who the person is: a password, a code, or a passkey's response. */
export const reauthSchema = {
  body: { type: 'object', properties: { password: text(1024), code: text(64), response: credential } },
} satisfies FastifySchema;
