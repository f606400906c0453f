import type { FastifySchemaValidationError } from 'fastify';
import { errorResponses, messageSchema } from '../../shared/contract/common';
import { credentialsSchema, forgotPasswordSchema, loginAnswerSchema, newPasswordSchema, resetParamsSchema } from '../../shared/contract/accounts';
import { HttpError } from '../http/errors';
import { MESSAGES } from './account-service';

const tags = ['accounts'];
/** Every account call takes a small JSON body, counted against limits kept in a store that may be away. */
const bodyErrors = [400, 413, 415, 503] as const;

export const loginSchema = {
  tags,
  summary: 'Sign in with email and password',
  description: 'A token, or for an account with an authenticator app the second step’s `mfaToken` (`POST /api/auth/login/mfa`).',
  body: credentialsSchema,
  response: { 200: loginAnswerSchema, ...errorResponses(...bodyErrors, 401, 429) },
} as const;

export const registerSchema = {
  tags,
  summary: 'Register an account',
  description: 'The first account always; later ones only with ALLOW_REGISTRATION.',
  body: credentialsSchema,
  response: { 201: messageSchema, ...errorResponses(...bodyErrors, 403, 409, 429) },
} as const;

export const forgotSchema = {
  tags,
  summary: 'Ask for a password reset link by mail',
  description: 'The same answer whether or not the address has an account.',
  body: forgotPasswordSchema,
  response: { 200: messageSchema, ...errorResponses(...bodyErrors, 429) },
} as const;

export const resetSchema = {
  tags,
  summary: 'Set a new password with the link of a reset mail',
  params: resetParamsSchema,
  body: newPasswordSchema,
  response: { 200: messageSchema, ...errorResponses(...bodyErrors) },
} as const;

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
