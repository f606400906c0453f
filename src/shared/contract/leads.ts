import { Type } from 'typebox';
import { INSIGHT_RANGES } from '../insights';
import { LEAD_NOTE_MAX, LEAD_STATUSES, SOURCE_LIMITS } from '../leads';
import { isoTime, nullable, stringEnum } from './common';

const status = stringEnum(LEAD_STATUSES, { description: 'new, contacted, proposal (Proposal sent), won or lost.' });
const localDate = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
/** Whole currency units with at most two decimals. */
const amount = Type.Number({ minimum: 0, maximum: 1_000_000_000, description: 'The amount won, in the currency of the packages (at most two decimals).' });

/** The visit a message came from, as the contact form sends it (each value checked and bounded by the server). */
export const leadSourceFieldsSchema = {
  landingPath: Type.Optional(Type.String({ description: 'The first page of the visit (without JavaScript: the page the form was sent from).' })),
  referrerHost: Type.Optional(Type.String({ description: 'The host of the site that linked to the landing page.' })),
  utmSource: Type.Optional(Type.String()),
  utmMedium: Type.Optional(Type.String()),
  utmCampaign: Type.Optional(Type.String()),
  viewedPaths: Type.Optional(Type.Array(Type.String(), { description: `Pages viewed in the visit, oldest first; the last ${SOURCE_LIMITS.viewedPaths} are kept.` })),
};

const leadNoteSchema = Type.Object({ _id: Type.String(), text: Type.String(), createdAt: isoTime() });

/** A message's pipeline state and where its sender came from. */
export const leadSchema = Type.Object({
  status,
  statusChangedAt: isoTime(),
  followUpOn: nullable(Type.String(), { description: 'A date in the site’s time zone, YYYY-MM-DD.' }),
  amount: nullable(Type.Number(), { description: 'Set on won leads only.' }),
  source: Type.String({ description: 'utm_source, else the referring host, else "direct".' }),
  landingPath: nullable(Type.String()),
  referrerHost: nullable(Type.String()),
  utmSource: nullable(Type.String()),
  utmMedium: nullable(Type.String()),
  utmCampaign: nullable(Type.String()),
  viewedPaths: Type.Array(Type.String()),
  notes: Type.Array(leadNoteSchema, { description: 'Oldest first.' }),
});

export const leadChangeSchema = Type.Object(
  {
    status: Type.Optional(status),
    followUpOn: Type.Optional(nullable(localDate('The day to follow up, YYYY-MM-DD; null clears it.'))),
    amount: Type.Optional(nullable(amount)),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const leadNoteBodySchema = Type.Object({ text: Type.String({ minLength: 1, maxLength: LEAD_NOTE_MAX }) }, { additionalProperties: false });
export const eraseBodySchema = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }, { additionalProperties: false });
export const eraseAnswerSchema = Type.Object({ erased: Type.Integer({ description: 'Messages erased.' }) });

export const dueLeadSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  status,
  followUpOn: Type.String(),
  overdue: Type.Boolean(),
});
export const dueLeadsSchema = Type.Object({ today: Type.String({ description: 'Today in the site’s time zone.' }), leads: Type.Array(dueLeadSchema) });

const leadFigures = { leads: Type.Integer(), won: Type.Integer(), wonAmount: Type.Number() };
export const leadsReportSchema = Type.Object({
  days: Type.Unsafe<(typeof INSIGHT_RANGES)[number]>({ type: 'integer', enum: [...INSIGHT_RANGES] }),
  from: Type.String(),
  to: Type.String(),
  ...leadFigures,
  bySource: Type.Array(
    Type.Object({
      source: Type.String(),
      ...leadFigures,
      visitors: nullable(Type.Integer(), {
        description:
          'Visitors (once a day each) counted with that source over the same days: the `utm_source` of the address they landed on, else the referring host, else none for "direct", as a lead\'s source is named; 0 when none was counted; null only for a source named "(other)", which the daily totals cannot tell from the rest of a day\'s sources.',
      }),
      rate: nullable(Type.Number(), { description: 'Leads per visitor; null when no visitor was counted.' }),
    }),
  ),
  byLandingPage: Type.Array(Type.Object({ path: Type.String(), ...leadFigures })),
  byPostRead: Type.Array(Type.Object({ path: Type.String(), title: Type.String(), ...leadFigures })),
});
