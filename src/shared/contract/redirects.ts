import { Type, type Static } from 'typebox';
import { isoTime, nullable, stringEnum } from './common';

/** Longest address a redirect goes from or to. */
export const MAX_REDIRECT_LENGTH = 2000;
const REDIRECT_ORIGINS = ['owner', 'import', 'slug'] as const;

export const redirectSchema = Type.Object({
  _id: Type.String(),
  from: Type.String({ description: 'A path of this site, such as `/old-page` or `/?p=123`; matched without its trailing slash.' }),
  to: Type.String({ description: 'A path of this site or an absolute `https://` address.' }),
  status: Type.Union([Type.Literal(301), Type.Literal(302)], { description: '301 (moved for good) or 302 (for now).' }),
  origin: stringEnum(REDIRECT_ORIGINS, { description: 'Who made it: the owner, an import, or a change of a post’s slug.' }),
  createdAt: isoTime(),
});

export const newRedirectSchema = Type.Object(
  {
    from: Type.String({ minLength: 1, maxLength: MAX_REDIRECT_LENGTH }),
    to: Type.String({ minLength: 1, maxLength: MAX_REDIRECT_LENGTH }),
    status: Type.Optional(Type.Union([Type.Literal(301), Type.Literal(302)], { description: '301 unless given.' })),
  },
  { additionalProperties: false },
);

export const redirectParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const notFoundPathSchema = Type.Object({
  path: Type.String(),
  count: Type.Integer({ description: 'Visits that got a 404 on it in the last 30 days.' }),
  lastSeen: isoTime(),
  referrerHost: nullable(Type.String(), { description: 'The host of the page that linked to it, the last time one was given.' }),
});

export type Redirect = Static<typeof redirectSchema>;
export type NewRedirect = Static<typeof newRedirectSchema>;
export type NotFoundPath = Static<typeof notFoundPathSchema>;
