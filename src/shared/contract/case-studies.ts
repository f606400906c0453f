import { Type, type Static } from 'typebox';
import { CASE_STUDY_STATUSES, FEATURED_SLOTS, MAX_RESULTS } from '../case-studies';
import { isoTime, nullable, stringEnum } from './common';

const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
/** Text on one line, without control characters. */
const LINE_PATTERN = '^[^\\u0000-\\u001f\\u007f]*$';

const line = (maxLength: number, description: string, minLength = 1) => Type.String({ minLength, maxLength, pattern: LINE_PATTERN, description });

const resultSchema = Type.Object(
  { label: line(60, 'What was measured ("Phone orders").'), value: line(40, 'How it turned out ("−50 %").') },
  { additionalProperties: false },
);

/** The cover as the API answers it: what an `<img>` needs. */
const coverSchema = Type.Object({
  url: Type.String({ description: "The largest version's address." }),
  srcSet: Type.Optional(Type.String({ description: 'The versions at their widths, for `srcset`.' })),
  width: Type.Integer(),
  height: Type.Integer(),
  alt: Type.String(),
});

const cardProperties = {
  id: Type.String(),
  slug: Type.String({ description: 'The page is `/portfolio/{slug}`.' }),
  title: Type.String(),
  client: Type.String({ description: 'Who the client is, in one short line ("Neighbourhood bakery and café").' }),
  sector: Type.String({ description: 'The line of business ("Food and drink").' }),
  summary: Type.String({ description: 'One or two sentences for the tile and the meta description.' }),
  cover: coverSchema,
  liveUrl: nullable(Type.String(), { description: "The client's live site (https://), or null." }),
  results: Type.Array(resultSchema),
  status: stringEnum(CASE_STUDY_STATUSES),
  publishedAt: nullable(Type.String(), { description: 'When it was first published, ISO 8601 UTC; null while it never was.' }),
  createdAt: isoTime(),
  updatedAt: isoTime(),
};

/** A case study without its text: what tiles and lists show. */
const caseStudyCardSchema = Type.Object(cardProperties, { description: 'A case study without its text.' });

/** A case study with its markdown and, for visitors' reads, the HTML made from it. */
export const caseStudySchema = Type.Object({
  ...cardProperties,
  text: Type.String({ description: 'Markdown, the same as a post takes.' }),
  html: Type.Optional(Type.String({ description: 'The text as sanitised HTML, by the same pipeline as a post: sent with the read by slug.' })),
});

export const portfolioSchema = Type.Object(
  {
    featured: Type.Array(Type.Union([caseStudyCardSchema, Type.Null()]), {
      minItems: FEATURED_SLOTS,
      maxItems: FEATURED_SLOTS,
      description: 'The four tiles in order: a published case study, or null for a slot that shows the placeholder.',
    }),
    caseStudies: Type.Array(caseStudyCardSchema, { description: 'Every published case study, newest publication first.' }),
  },
  { description: "The portfolio as visitors see it: the four featured tiles and every published case study." },
);

/** What the owner writes: the server makes the rest. */
export const caseStudyInputSchema = Type.Object(
  {
    title: line(120, 'The project, as the tile and the page heading say it.'),
    slug: Type.Optional(Type.String({ maxLength: 80, pattern: SLUG_PATTERN, description: 'Lower-case letters, digits and single hyphens; made from the title when left out.' })),
    client: line(120, 'Who the client is, in one short line.'),
    sector: line(60, 'The line of business.'),
    summary: line(300, 'One or two sentences for the tile and the meta description.'),
    text: Type.String({ maxLength: 100_000, description: 'Markdown, at most 100,000 characters.' }),
    cover: Type.Object(
      {
        url: Type.String({ maxLength: 200, description: "An upload's address (`POST /api/images`), or the case study's present cover." }),
        alt: line(250, 'What the image shows, for readers who cannot see it.'),
      },
      { additionalProperties: false },
    ),
    liveUrl: Type.Optional(nullable(Type.String({ maxLength: 300, pattern: '^https://[^\\s]+$' }), { description: "The client's live site: an https:// address." })),
    results: Type.Array(resultSchema, { maxItems: MAX_RESULTS }),
    status: stringEnum(CASE_STUDY_STATUSES),
  },
  { additionalProperties: false },
);

export const featuredInputSchema = Type.Object(
  {
    slots: Type.Array(nullable(Type.String({ maxLength: 64 })), {
      minItems: FEATURED_SLOTS,
      maxItems: FEATURED_SLOTS,
      description: 'The id of the case study for each of the four tiles, in order; null leaves the slot to its placeholder.',
    }),
  },
  { additionalProperties: false },
);

/** The owner's view: every case study, drafts too, and the featured slots by id. */
export const ownerCaseStudiesSchema = Type.Object({
  caseStudies: Type.Array(caseStudyCardSchema),
  featured: Type.Array(nullable(Type.String()), { minItems: FEATURED_SLOTS, maxItems: FEATURED_SLOTS }),
});

export const caseStudyIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const caseStudySlugParamsSchema = Type.Object({ slug: Type.String({ maxLength: 200 }) });

export type CaseStudyCard = Static<typeof caseStudyCardSchema>;
export type CaseStudy = Static<typeof caseStudySchema>;
export type CaseStudyInput = Static<typeof caseStudyInputSchema>;
export type Portfolio = Static<typeof portfolioSchema>;
export type OwnerCaseStudies = Static<typeof ownerCaseStudiesSchema>;
export type CaseStudyResult = Static<typeof resultSchema>;
