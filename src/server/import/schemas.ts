import { BEARER, errorResponses } from '../../shared/contract/common';
import { importJobSchema, importParamsSchema } from '../../shared/contract/imports';

const imports = { tags: ['import'], security: BEARER } as const;

export const uploadExportSchema = {
  ...imports,
  summary: 'Upload an export and get its dry run',
  description: 'multipart/form-data: `export` (WordPress WXR or Ghost JSON), optionally `archive` (a zip of the uploads folder) and `siteUrl`. Nothing is imported yet.',
  response: { 201: importJobSchema, ...errorResponses(400, 401, 409, 413, 415, 503) },
} as const;

export const startImportSchema = {
  ...imports,
  summary: 'Import what the dry run found',
  description: 'Runs in the background; `GET /api/import/{id}` tells how far it is.',
  params: importParamsSchema,
  response: { 202: importJobSchema, ...errorResponses(400, 401, 404, 409, 503) },
} as const;

export const importStatusSchema = {
  ...imports,
  summary: 'The dry run, or how far the import is',
  params: importParamsSchema,
  response: { 200: importJobSchema, ...errorResponses(400, 401, 404) },
} as const;
