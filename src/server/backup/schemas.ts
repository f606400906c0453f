import { Type } from 'typebox';
import { backupParamsSchema, backupsOverviewSchema } from '../../shared/contract/backups';
import { BEARER, errorResponses } from '../../shared/contract/common';

const backups = { tags: ['backups'], security: BEARER } as const;

export const backupsOverviewRouteSchema = {
  ...backups,
  summary: 'The last backup and the archives kept',
  response: { 200: backupsOverviewSchema, ...errorResponses(401, 503) },
} as const;

export const downloadBackupSchema = {
  ...backups,
  summary: 'Download a kept archive',
  description: 'Only a name of the list answers; anything else is a 400 or a 404.',
  params: backupParamsSchema,
  produces: ['application/gzip'],
  response: { 200: Type.String({ description: 'application/gzip' }), ...errorResponses(400, 401, 404, 503) },
} as const;
