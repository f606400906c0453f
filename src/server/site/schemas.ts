import { Type } from 'typebox';
import { BEARER, errorResponses } from '../../shared/contract/common';
import {
  draftSavedSchema,
  draftSaveBodySchema,
  draftVersionBodySchema,
  publicationParamsSchema,
  publicationSchema,
  publishedPrivacyPageSchema,
  publishedServicePageSchema,
  publishedServicesOverviewSchema,
  publishedSiteSchema,
  publishRefusedSchema,
  siteEditorStateSchema,
  sitePreviewSchema,
} from '../../shared/contract/site/api';
import { partSchemas, type SitePart } from '../../shared/contract/site/parts';
import { SERVICE_SLUGS } from '../../shared/service-slugs';

const tags = ['site'];
const owner = { tags, security: BEARER } as const;

export const editorStateSchema = {
  ...owner,
  summary: 'The live content, the draft with its version, and what the publish checks say of it',
  response: { 200: siteEditorStateSchema, ...errorResponses(401, 503) },
} as const;

export const savePartSchema = (part: SitePart) =>
  ({
    ...owner,
    summary: `Save the ${part} part of the draft`,
    description:
      'Validated by the part\'s schema (400 names the field). 409 when the part, or the whole draft, changed after `version` (another tab saved it): nothing is saved; read again and redo the change.',
    body: draftSaveBodySchema(partSchemas[part]),
    response: { 200: draftSavedSchema, ...errorResponses(400, 401, 409, 413, 503) },
  }) as const;

export const resetPartSchema = (part: SitePart) =>
  ({
    ...owner,
    summary: `Reset the ${part} part of the draft to the words the site shipped with`,
    body: draftVersionBodySchema,
    response: { 200: draftSavedSchema, ...errorResponses(400, 401, 409, 503) },
  }) as const;

export const discardSchema = {
  ...owner,
  summary: 'Discard the draft: every unpublished change',
  response: { 200: draftSavedSchema, ...errorResponses(401, 503) },
} as const;

export const publishSchema = {
  ...owner,
  summary: 'Publish the draft',
  description:
    'Runs the publish checks first: 422 with `problems` naming every failing field, and nothing published. 409 when the draft changed after `version`, or there is nothing to publish. Live on every instance within a second.',
  body: draftVersionBodySchema,
  response: { 201: publicationSchema, 422: publishRefusedSchema, ...errorResponses(400, 401, 409, 503) },
} as const;

export const publicationsSchema = {
  ...owner,
  summary: 'The newest 50 publications, newest first, with what each changed',
  response: { 200: Type.Array(publicationSchema), ...errorResponses(401, 503) },
} as const;

export const restoreSchema = {
  ...owner,
  summary: 'Publish a kept publication again, as a new publication',
  description: 'The draft is left as it is.',
  params: publicationParamsSchema,
  response: { 201: publicationSchema, ...errorResponses(400, 401, 404, 503) },
} as const;

export const publishedSchema = {
  tags,
  summary: 'The live site content, for visitors’ pages',
  response: { 200: publishedSiteSchema, ...errorResponses(401, 503) },
} as const;

export const publishedPartSchema = (part: SitePart) =>
  ({
    tags,
    summary: `The live ${part} part of the site content, for visitors’ pages`,
    description: 'Each page reads only the parts it shows, so that the state a page carries stays small.',
    response: { 200: partSchemas[part], ...errorResponses(401, 503) },
  }) as const;

export const publishedServicePageRouteSchema = {
  tags,
  summary: 'One live service page, with its text as HTML',
  description: 'A service page reads its own words only, not the other nine pages.',
  params: Type.Object({ slug: Type.Union(SERVICE_SLUGS.map((slug) => Type.Literal(slug))) }),
  response: { 200: publishedServicePageSchema, ...errorResponses(400, 401, 503) },
} as const;

export const publishedServicesOverviewRouteSchema = {
  tags,
  summary: 'The live services overview, with each service page’s title and image',
  description: 'What `/services` shows, without the ten pages’ words.',
  response: { 200: publishedServicesOverviewSchema, ...errorResponses(401, 503) },
} as const;

export const publishedPrivacyPageRouteSchema = {
  tags,
  summary: 'The live privacy policy, cut into its sections and rendered',
  response: { 200: publishedPrivacyPageSchema, ...errorResponses(401, 503) },
} as const;

export const previewSchema = {
  ...owner,
  summary: 'The draft as visitors’ pages would read it, for the preview of unpublished changes',
  description: 'Every part with the draft applied, the ten service pages and the privacy policy rendered as their live pages are.',
  response: { 200: sitePreviewSchema, ...errorResponses(401, 503) },
} as const;
