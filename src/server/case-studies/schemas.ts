import { Type } from 'typebox';
import { BEARER, errorResponses, noContentSchema } from '../../shared/contract/common';
import {
  caseStudyIdParamsSchema,
  caseStudyInputSchema,
  caseStudySchema,
  caseStudySlugParamsSchema,
  featuredInputSchema,
  ownerCaseStudiesSchema,
  portfolioSchema as portfolio,
} from '../../shared/contract/case-studies';

const tags = ['case studies'];
const owner = { tags, security: BEARER } as const;

export const portfolioSchema = {
  tags,
  summary: 'The portfolio: the four featured tiles and every published case study',
  response: { 200: portfolio, ...errorResponses(401, 503) },
} as const;

export const publishedSchema = {
  tags,
  summary: 'A published case study by its slug, with its text as HTML',
  params: caseStudySlugParamsSchema,
  response: { 200: caseStudySchema, ...errorResponses(400, 401, 404, 503) },
} as const;

export const ownerListSchema = {
  ...owner,
  summary: 'Every case study, drafts too, and which holds each featured slot',
  response: { 200: ownerCaseStudiesSchema, ...errorResponses(401, 503) },
} as const;

export const ownerReadSchema = {
  ...owner,
  summary: 'A case study by its id, draft or published',
  params: caseStudyIdParamsSchema,
  response: { 200: caseStudySchema, ...errorResponses(400, 401, 404, 503) },
} as const;

export const createSchema = {
  ...owner,
  summary: 'Write a new case study',
  description: 'The cover is an image uploaded first with `POST /api/images`, named by the address that call answered.',
  body: caseStudyInputSchema,
  response: { 201: caseStudySchema, ...errorResponses(400, 401, 409, 413, 415, 503) },
} as const;

export const updateSchema = {
  ...owner,
  summary: 'Change a case study',
  params: caseStudyIdParamsSchema,
  body: caseStudyInputSchema,
  response: { 200: caseStudySchema, ...errorResponses(400, 401, 404, 409, 413, 415, 503) },
} as const;

export const deleteSchema = {
  ...owner,
  summary: 'Delete a case study (its featured slot is left empty)',
  params: caseStudyIdParamsSchema,
  response: { 204: noContentSchema, ...errorResponses(400, 401, 404, 503) },
} as const;

export const featuredSchema = {
  ...owner,
  summary: 'Choose the four featured case studies, in order',
  description: 'A draft may hold a slot; visitors see the placeholder there until it is published.',
  body: featuredInputSchema,
  response: { 200: Type.Object({ featured: ownerCaseStudiesSchema.properties.featured }), ...errorResponses(400, 401, 413, 415, 503) },
} as const;
