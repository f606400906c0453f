import { Type } from 'typebox';

/** Generous bounds on what reaches the hashing; the password rules give the precise limits. */
const email = Type.String({ maxLength: 1024 });
const password = Type.String({ maxLength: 1024 });

export const credentialsSchema = Type.Object({ email, password });
export const forgotPasswordSchema = Type.Object({ email });
export const newPasswordSchema = Type.Object({ password });
export const resetParamsSchema = Type.Object({ token: Type.String({ maxLength: 256, description: 'The token of the link the reset mail carried.' }) });

export const loginResponseSchema = Type.Object({ token: Type.String({ description: 'The bearer token of the API.' }), message: Type.Optional(Type.String()) });

/** `POST /api/auth/login` for an account with an authenticator app: the password was right, a code must follow. */
export const mfaChallengeSchema = Type.Object({
  mfaRequired: Type.Literal(true),
  mfaToken: Type.String({ description: 'Serves one `POST /api/auth/login/mfa` within 5 minutes.' }),
});

export const loginAnswerSchema = Type.Union([loginResponseSchema, mfaChallengeSchema]);

/** The payload the server signs into every sign-in token. */
export const tokenPayloadSchema = Type.Object({
  sub: Type.String(),
  email: Type.String(),
  iat: Type.Integer(),
  exp: Type.Integer(),
  ver: Type.Integer({ description: "The account's token version; a password reset raises it and retires older tokens." }),
  auth_time: Type.Optional(
    Type.Integer({ description: 'When the person last proved who they are (seconds since the epoch); absent in older tokens, which count from `iat`.' }),
  ),
});
