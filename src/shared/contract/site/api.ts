import { Type, type Static, type TSchema } from 'typebox';
import { isoTime, nullable, stringEnum } from '../common';
import { SITE_PARTS, siteContentSchema } from './parts';
import { servicePageSchema, servicesSchema } from './services';

const sitePartSchema = stringEnum(SITE_PARTS, { description: 'A part of the site content: one form of the editor.' });

/** A publish check that failed: where (`packages.packages.1.checkoutUrl`) and what to do. */
const siteProblemSchema = Type.Object({
  path: Type.String({ description: 'The part, then the field, dot-separated; list items by their index from 0.' }),
  message: Type.String(),
});

/** `GET /api/site`: what the editor needs. */
export const siteEditorStateSchema = Type.Object({
  published: siteContentSchema,
  publishedAt: nullable(Type.String(), { description: 'When the live content was published; null while the site shows its defaults.' }),
  draft: siteContentSchema,
  draftVersion: Type.Integer({
    description: 'Send it back with a save, a reset or a publication: a part changed since (from another tab) answers 409 rather than being overwritten.',
  }),
  hasDraft: Type.Boolean({ description: 'Whether there are saved changes to publish or discard.' }),
  changedParts: Type.Array(sitePartSchema, { description: 'The parts whose draft differs from the live content.' }),
  problems: Type.Array(siteProblemSchema, { description: 'What the publish checks say of the draft now (empty: it can be published).' }),
});

/** `PUT /api/site/draft/{part}`: the part as the form has it, with the draft version it was read at. */
export const draftSaveBodySchema = <T extends TSchema>(content: T) =>
  Type.Object({ version: Type.Integer({ minimum: 0, description: 'The `draftVersion` the form was read at.' }), content }, { additionalProperties: false });

export const draftVersionBodySchema = Type.Object(
  { version: Type.Integer({ minimum: 0, description: 'The `draftVersion` the page was read at.' }) },
  { additionalProperties: false },
);

export const draftSavedSchema = Type.Object({
  draftVersion: Type.Integer(),
  problems: Type.Array(siteProblemSchema, { description: 'What the publish checks say of the whole draft now.' }),
});

const siteChangeSchema = Type.Object({
  part: sitePartSchema,
  fields: Type.Array(Type.String(), { description: 'The fields that changed, as paths within the part (at most 50; "…" ends a longer list).' }),
});

export const publicationSchema = Type.Object({
  id: Type.Integer(),
  publishedAt: isoTime(),
  changes: Type.Array(siteChangeSchema, { description: 'What this publication changed from the one before it.' }),
  restoredFrom: nullable(Type.Integer(), { description: 'The publication this one brought back, if it was a restore.' }),
});

/** `POST /api/site/publish` refused by its checks. */
export const publishRefusedSchema = Type.Object(
  { message: Type.String(), problems: Type.Array(siteProblemSchema) },
  { description: 'The draft fails the publish checks; nothing was published. `problems` names every failing field.' },
);

export const publicationParamsSchema = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });

/** `GET /api/site/content`: the live content, for visitors' pages. */
export const publishedSiteSchema = Type.Object({ content: siteContentSchema, publishedAt: nullable(Type.String()) });

export type SiteEditorState = Static<typeof siteEditorStateSchema>;
export type SiteProblem = Static<typeof siteProblemSchema>;
export type Publication = Static<typeof publicationSchema>;

/** `GET /api/site/content/services/{slug}`: one live service page, its text also as HTML. */
export const publishedServicePageSchema = Type.Intersect([
  servicePageSchema,
  Type.Object({ html: Type.String({ description: 'The text rendered and sanitised as the blog renders markdown.' }) }),
]);

export type PublishedServicePage = Static<typeof publishedServicePageSchema>;

/**
 * `GET /api/site/content/services/overview`: the services overview, with each service page's
 * title and image (what its tile and link show) rather than the ten pages' words.
 */
export const publishedServicesOverviewSchema = Type.Object({
  hero: servicesSchema.properties.hero,
  grid: servicesSchema.properties.grid,
  core: servicesSchema.properties.core,
  process: servicesSchema.properties.process,
  pages: Type.Record(Type.String(), Type.Pick(servicePageSchema, ['title', 'image']), { description: 'Each service page by its slug: its title and image.' }),
});

export type PublishedServicesOverview = Static<typeof publishedServicesOverviewSchema>;

/** `GET /api/site/content/privacy/sections`: the live policy cut into its sections, rendered. */
export const publishedPrivacyPageSchema = Type.Object({
  title: Type.String(),
  lead: Type.String(),
  updated: Type.String(),
  sections: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The anchor of the section, from its heading.' }),
      title: Type.String(),
      html: Type.String({ description: 'Rendered and sanitised; {name}, {email} and {contactForm} are left for the page to fill.' }),
      mailSubject: nullable(Type.String(), { description: 'The subject the section asks mail to carry, for its mail links.' }),
    }),
  ),
});

export type PublishedPrivacyPage = Static<typeof publishedPrivacyPageSchema>;

/**
 * `GET /api/site/preview`: the draft as the public pages read the live content (every part, the
 * ten service pages and the privacy policy rendered), for the owner's preview of unpublished changes.
 */
export const sitePreviewSchema = Type.Object({
  content: siteContentSchema,
  servicesOverview: publishedServicesOverviewSchema,
  servicePages: Type.Record(Type.String(), publishedServicePageSchema, { description: 'Each service page by its slug.' }),
  privacy: publishedPrivacyPageSchema,
  changedParts: Type.Array(sitePartSchema, { description: 'The parts whose draft differs from the live content.' }),
});

export type SitePreview = Static<typeof sitePreviewSchema>;
