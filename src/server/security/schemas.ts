import type { FastifySchemaValidationError } from 'fastify';
import { loginResponseSchema } from '../../shared/contract/accounts';
import { BEARER, errorResponses, noContentSchema, reauthOrForbiddenSchema } from '../../shared/contract/common';
import {
  authenticatorEnrolmentSchema,
  codeSchema as codeBody,
  mfaLoginSchema as mfaLoginBody,
  newPasskeySchema,
  passkeyLoginSchema as passkeyLoginBody,
  passkeyNameSchema,
  passkeyParamsSchema as passkeyParams,
  passkeySummarySchema,
  reauthProofSchema,
  recoveryCodesSchema,
  securityOverviewSchema,
  webAuthnOptionsSchema,
} from '../../shared/contract/security';
import { HttpError } from '../http/errors';

const signIn = ['sign-in'];
const security = ['security'];
/** A JSON body: refused when malformed, too large or of another type. */
const bodyErrors = [400, 413, 415] as const;
/** Behind the sign-in: no valid token is a 401, the database away a 503. */
const signedIn = { security: BEARER, tags: security } as const;
/** Adding or removing a way in: a sign-in older than a few minutes is a 403 asking for a proof. */
const recentErrors = { ...errorResponses(401, 503), 403: reauthOrForbiddenSchema };

export const mfaLoginSchema = {
  tags: signIn,
  summary: 'The second step of a password sign-in: a code of the authenticator app, or a recovery code',
  body: mfaLoginBody,
  response: { 200: loginResponseSchema, ...errorResponses(...bodyErrors, 401, 429, 503) },
} as const;
export const passkeyOptionsSchema = {
  tags: signIn,
  summary: 'Options for signing in with a passkey',
  response: { 200: webAuthnOptionsSchema, ...errorResponses(429, 503) },
} as const;
export const passkeyLoginSchema = {
  tags: signIn,
  summary: 'Sign in with a passkey',
  body: passkeyLoginBody,
  response: { 200: loginResponseSchema, ...errorResponses(...bodyErrors, 401, 429, 503) },
  bodyLimit: 32 * 1024,
} as const;
export const logoutSchema = {
  tags: signIn,
  summary: 'End the bearer token on the server',
  security: BEARER,
  response: { 204: noContentSchema, ...errorResponses(401, 503) },
} as const;
export const reauthSchema = {
  tags: signIn,
  summary: 'Confirm it is you: a fresh token for a change that needs a recent sign-in',
  description: 'Ends the token it was called with.',
  security: BEARER,
  body: reauthProofSchema,
  response: { 200: loginResponseSchema, ...errorResponses(...bodyErrors, 401, 403, 429, 503) },
} as const;

export const overviewSchema = { ...signedIn, summary: 'What protects the account, and its security log', response: { 200: securityOverviewSchema, ...errorResponses(401, 503) } } as const;
export const startAuthenticatorSchema = {
  ...signedIn,
  summary: 'Start adding an authenticator app',
  response: { 200: authenticatorEnrolmentSchema, ...recentErrors, ...errorResponses(409) },
} as const;
export const codeSchema = {
  ...signedIn,
  summary: "Turn the authenticator app on with its first code; answers the recovery codes",
  body: codeBody,
  response: { 200: recoveryCodesSchema, ...recentErrors, ...errorResponses(...bodyErrors, 409) },
} as const;
export const removeAuthenticatorSchema = {
  ...signedIn,
  summary: 'Turn the authenticator app off',
  response: { 204: noContentSchema, ...recentErrors, ...errorResponses(404) },
} as const;
export const recoveryCodesRenewalSchema = {
  ...signedIn,
  summary: 'New recovery codes, in place of the old ones',
  response: { 200: recoveryCodesSchema, ...recentErrors, ...errorResponses(409) },
} as const;
export const passkeyRegistrationOptionsSchema = { ...signedIn, summary: 'Options for adding a passkey', response: { 200: webAuthnOptionsSchema, ...recentErrors } } as const;
export const addPasskeySchema = {
  ...signedIn,
  summary: 'Add a passkey',
  body: newPasskeySchema,
  response: { 201: passkeySummarySchema, ...recentErrors, ...errorResponses(...bodyErrors, 409) },
} as const;
export const renamePasskeySchema = {
  ...signedIn,
  summary: 'Rename a passkey',
  params: passkeyParams,
  body: passkeyNameSchema,
  response: { 200: passkeySummarySchema, ...errorResponses(...bodyErrors, 401, 404, 503) },
} as const;
export const removePasskeySchema = {
  ...signedIn,
  summary: 'Remove a passkey',
  params: passkeyParams,
  response: { 204: noContentSchema, ...recentErrors, ...errorResponses(400, 404) },
} as const;
export const signOutEverywhereSchema = {
  ...signedIn,
  summary: 'End every token of the account, this one included',
  response: { 204: noContentSchema, ...recentErrors },
} as const;

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
