import { Type } from 'typebox';
import { CAMPAIGN_TAG_MAX } from '../campaign-tag';
import { DEVICES, EVENT_BODY_LIMIT, INSIGHT_RANGES } from '../insights';
import { nullable } from './common';

const device = Type.Unsafe<(typeof DEVICES)[number]>({ type: 'string', enum: [...DEVICES] });
const page = {
  path: Type.String({ maxLength: 300, description: 'A public page path, as `location.pathname` has it.' }),
  type: Type.String({ description: "The page type of `path`, from the site's route table." }),
  device,
};

/**
 * `POST /api/events`: a page view or a page's Core Web Vitals, sent by the beacon (JSON, also as
 * text/plain, which `navigator.sendBeacon` posts). The handler checks it field by field with
 * messages of its own; the shape is here for the document.
 */
export const insightEventSchema = Type.Union(
  [
    Type.Object({
      kind: Type.Literal('view'),
      ...page,
      ref: Type.Optional(Type.String({ maxLength: 253, description: "The referring site's host (and port, if it has one), on the first view of a visit only." })),
      utm: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: CAMPAIGN_TAG_MAX,
          description: `The \`utm_source\` of the address the visit landed on, on the first view of a visit only: without control characters or surrounding spaces, at most ${CAMPAIGN_TAG_MAX} characters. It is the visit's source, before the referring host.`,
        }),
      ),
    }),
    Type.Object({
      kind: Type.Literal('vitals'),
      ...page,
      lcp: Type.Optional(Type.Number({ minimum: 0, maximum: 120_000, description: 'Milliseconds.' })),
      inp: Type.Optional(Type.Number({ minimum: 0, maximum: 60_000, description: 'Milliseconds.' })),
      cls: Type.Optional(Type.Number({ minimum: 0, maximum: 50 })),
    }),
  ],
  { description: `At most ${EVENT_BODY_LIMIT} bytes; a vitals event carries at least one of lcp, inp and cls.` },
);

export const insightsQuerySchema = Type.Object({
  days: Type.Optional(Type.String({ maxLength: 3, description: `The range in days: ${INSIGHT_RANGES.join(', ')} (7 when left out).` })),
});

const figure = nullable(Type.Number());

export const insightsReportSchema = Type.Object({
  days: Type.Unsafe<(typeof INSIGHT_RANGES)[number]>({ type: 'integer', enum: [...INSIGHT_RANGES] }),
  from: Type.String({ description: 'First UTC day of the range, YYYY-MM-DD.' }),
  to: Type.String({ description: 'Last UTC day of the range, YYYY-MM-DD.' }),
  visitors: Type.Integer({ description: 'Unique visitors (one a day each) over the range.' }),
  views: Type.Integer(),
  daily: Type.Array(Type.Object({ day: Type.String(), visitors: Type.Integer(), views: Type.Integer() })),
  topPages: Type.Array(Type.Object({ path: Type.String(), views: Type.Integer(), visitors: Type.Integer() })),
  topPosts: Type.Array(Type.Object({ path: Type.String(), title: Type.String(), views: Type.Integer() })),
  referrers: Type.Array(Type.Object({ host: Type.String(), views: Type.Integer() })),
  devices: Type.Array(Type.Object({ device, views: Type.Integer() })),
  vitals: Type.Array(
    Type.Object(
      { pageType: Type.String(), samples: Type.Integer(), lcp: figure, inp: figure, cls: figure },
      { description: '75th percentiles per page type; null where no visitor reported the metric.' },
    ),
  ),
});
