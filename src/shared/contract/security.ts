import { Type } from 'typebox';
import { isoTime, nullable, stringEnum } from './common';

const text = (maxLength: number) => Type.String({ maxLength });

export const SIGN_IN_METHODS = ['password', 'passkey', 'authenticator', 'recovery-code'] as const;
export const SECURITY_EVENT_TYPES = [
  'sign-in',
  'sign-in-failed',
  'locked-out',
  'reset-requested',
  'reset-done',
  'passkey-added',
  'passkey-removed',
  'authenticator-added',
  'authenticator-removed',
  'recovery-code-used',
  'recovery-codes-renewed',
  'signed-out-everywhere',
] as const;

export const securityEventSchema = Type.Object(
  {
    id: Type.String(),
    type: stringEnum(SECURITY_EVENT_TYPES),
    method: Type.Unsafe<(typeof SIGN_IN_METHODS)[number] | null>({ type: ['string', 'null'], enum: [...SIGN_IN_METHODS, null] }),
    detail: nullable(Type.String(), { description: "A passkey's name, say." }),
    address: Type.String({ description: 'The client address, shortened.' }),
    browser: Type.String({ description: '"Chrome 131 on Linux".' }),
    at: isoTime(),
  },
  { description: "One line of the account's security log." },
);

export const passkeySummarySchema = Type.Object({ id: Type.String(), name: Type.String(), createdAt: isoTime(), lastUsedAt: nullable(Type.String()) });

/** `GET /api/security`: what protects the account. */
export const securityOverviewSchema = Type.Object({
  authenticator: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
  passkeys: Type.Array(passkeySummarySchema),
  events: Type.Array(securityEventSchema),
});

/** `POST /api/security/authenticator`: what the administrator enters in the app, shown until confirmed. */
export const authenticatorEnrolmentSchema = Type.Object({
  secret: Type.String(),
  uri: Type.String({ description: 'An otpauth:// URI.' }),
  qrSvg: Type.String({ description: 'The QR code of `uri`, as SVG markup.' }),
});

export const recoveryCodesSchema = Type.Object({ recoveryCodes: Type.Array(Type.String(), { description: 'Each works once instead of a code; shown this once.' }) });

/** WebAuthn options, as `@simplewebauthn/browser` takes them: the library's to fill in. */
export const webAuthnOptionsSchema = Type.Object({
  options: Type.Unsafe<object>({ type: 'object', additionalProperties: true, description: 'PublicKeyCredential options, in their JSON form.' }),
});

/** A WebAuthn response is the library's to judge; here only its outline and size. */
const webAuthnResponseSchema = Type.Object({ id: text(1024) }, { description: "The authenticator's response, in its JSON form." });

export const mfaLoginSchema = Type.Object({ mfaToken: text(256), code: text(64) });
export const passkeyLoginSchema = Type.Object({ response: webAuthnResponseSchema });
export const codeSchema = Type.Object({ code: text(64) });
export const newPasskeySchema = Type.Object({ name: text(1024), response: webAuthnResponseSchema });
export const passkeyNameSchema = Type.Object({ name: text(1024) });
export const passkeyParamsSchema = Type.Object({ id: text(1024) });

/** One proof of who the person is: a password, a code, or a passkey's response. */
export const reauthProofSchema = Type.Object(
  { password: Type.Optional(text(1024)), code: Type.Optional(text(64)), response: Type.Optional(webAuthnResponseSchema) },
  { description: 'Exactly one of password, code and response.' },
);
