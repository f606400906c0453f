import type { FastifySchema, FastifySchemaValidationError } from 'fastify';
import { HttpError } from '../http/errors';
import { MESSAGES } from './account-service';

/** Generous bounds on what reaches the hashing; the password rules give the precise limits. */
const email = { type: 'string', maxLength: 1024 } as const;
const password = { type: 'string', maxLength: 1024 } as const;

const message = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } as const;

const body = <P extends Record<string, object>>(properties: P) =>
  ({ type: 'object', properties, required: Object.keys(properties) }) as const;

export const loginSchema = {
  body: body({ email, password }),
  // A token, or for an account with an authenticator app the second step's mfaToken.
  response: { 200: { type: 'object', properties: { token: { type: 'string' }, mfaRequired: { type: 'boolean' }, mfaToken: { type: 'string' } } } },
} satisfies FastifySchema;

export const registerSchema = { body: body({ email, password }), response: { 201: message } } satisfies FastifySchema;

export const forgotSchema = { body: body({ email }), response: { 200: message } } satisfies FastifySchema;

export const resetSchema = {
  params: { type: 'object', properties: { token: { type: 'string', maxLength: 256 } }, required: ['token'] },
  body: body({ password }),
  response: { 200: message },
} satisfies FastifySchema;

export interface CredentialsBody {
  email: string;
  password: string;
}

const LABELS: Record<string, string> = { email: 'Email', password: 'Password' };

/**
 * Schema failures in the words of the client's forms ("Email is required.") rather than the
 * validator's ("body must have required property 'email'").
 */
export function describeSchemaError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const [first] = errors;
  if (dataVar === 'params') return new HttpError(400, MESSAGES.invalidResetLink);
  if (!first) return new HttpError(400, 'The request is not valid.');
  const field = first.keyword === 'required' ? String(first.params.missingProperty) : first.instancePath.split('/')[1];
  const label = field ? (LABELS[field] ?? field) : undefined;
  if (!label) return new HttpError(400, 'The request body must be a JSON object.');
  if (first.keyword === 'required') return new HttpError(400, `${label} is required.`);
  if (first.keyword === 'maxLength') return new HttpError(400, `${label} is too long.`);
  return new HttpError(400, `${label} must be text.`);
}
