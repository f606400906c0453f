import { Type, type Static } from 'typebox';
import { isoTime, nullable, stringEnum } from './common';

/** The archive names take-backup.ts gives, and the only ones the download accepts. */
const BACKUP_NAME_PATTERN = '^backup-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z\\.tar\\.gz$';

const backupRunSchema = Type.Object({
  trigger: stringEnum(['schedule', 'command'] as const, { description: 'The daily schedule, or `npm run backup`.' }),
  startedAt: isoTime(),
  finishedAt: nullable(Type.String()),
  state: stringEnum(['running', 'interrupted', 'ok', 'failed'] as const, { description: '`interrupted`: marked running, but its process stopped before it finished; the next pass settles it as failed (and takes a scheduled day again).' }),
  name: nullable(Type.String(), { description: 'The archive written.' }),
  size: nullable(Type.Integer(), { description: 'Its size in bytes.' }),
  error: nullable(Type.String(), { description: 'Why it failed.' }),
});

const backupArchiveSchema = Type.Object({
  name: Type.String(),
  size: Type.Integer({ description: 'In bytes.' }),
  createdAt: isoTime(),
});

export const backupsOverviewSchema = Type.Object({
  schedule: Type.Boolean({ description: 'Whether the server takes a backup daily at 03:00 in the site’s time zone (BACKUP_SCHEDULE).' }),
  where: Type.String({ description: 'The folder or bucket the archives are in.' }),
  last: Type.Union([backupRunSchema, Type.Null()], { description: 'The newest backup run, scheduled or not, and how it ended.' }),
  archives: Type.Array(backupArchiveSchema, { description: 'The archives kept, newest first.' }),
});

export const backupParamsSchema = Type.Object({ name: Type.String({ pattern: BACKUP_NAME_PATTERN, maxLength: 64 }) });

export type BackupRunSummary = Static<typeof backupRunSchema>;
export type BackupsOverview = Static<typeof backupsOverviewSchema>;
