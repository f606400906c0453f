import fs from 'node:fs';
import path from 'node:path';
import { SECRETS_KEY_FILE } from '../auth/secrets-key';
import { finishRun, holdingLease, startRun } from '../backup/backup-runs';
import { takeBackup } from '../backup/take-backup';
import { openDatabase } from '../db/database';
import { runTool, UsageError } from './run-tool';
import { requireSite } from './site-guard';

const USAGE = `Usage:
  npm run backup                              one archive in BACKUP_DIR (DATA_DIR/backups), or in BACKUP_S3_BUCKET when set
  npm run backup -- <folder | file.tar.gz>    the archive there instead
  npm run backup -- --with-signing-key        the token-signing key too (whoever holds the archive could sign in as anyone)

The archive (a .tar.gz) holds every table of the database in a form either engine restores,
the images (from DATA_DIR/uploads or the bucket), the key that opens the authenticator apps'
secrets, and a manifest with counts and checksums. Restore it with: npm run restore -- <file>

Options:
  -h, --help       this text
  -V, --version    the site's version

Exit codes: 0 done, 1 failed, 2 wrong arguments, 3 refused (no site database here).`;

runTool({
  usage: USAGE,
  options: { 'with-signing-key': { type: 'boolean' } },
  run: async (config, { values, positionals }) => {
    if (positionals.length > 1) throw new UsageError('backup takes at most one folder or file.');
    await requireSite(config);
    const database = await openDatabase(config);
    try {
      console.error('Backing up...');
      // Recorded as the schedule's runs are, so that the Backups page shows the last one whichever took it.
      const run = await startRun(database.db, 'command', new Date());
      const take = () =>
        takeBackup(config, database, {
          destination: positionals[0],
          withSigningKey: values['with-signing-key'] === true,
          progress: (line) => console.error(line),
        });
      // Its lease renewed as it works: a run killed midway shows as interrupted, not running for good.
      const backup = await (run ? holdingLease(database.db, run, () => new Date(), take) : take()).catch(async (error: unknown) => {
        if (run) await finishRun(database.db, run, new Date(), { error: error instanceof Error ? error.message : String(error) }).catch(() => undefined);
        throw error;
      });
      if (run) await finishRun(database.db, run, new Date(), { name: backup.name, size: backup.size });
      const { manifest } = backup;
      console.log(`Backup written to ${backup.location}`);
      console.log(`  ${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows in ${manifest.tables.length} tables, ${manifest.images} image files, ${(backup.size / 1024 / 1024).toFixed(1)} MB`);
      console.log(manifest.signingKey ? '  with the token-signing key: keep this archive as safe as the server itself' : '  without the token-signing key: after a restore everybody signs in again');
      // An upgraded site may have taken JWT_SECRET as its secrets key; the server warns at start too.
      if (config.jwtSecret && config.jwtSecret === (config.secretsKey ?? readSecretsKeyFile(config.dataDir))) {
        console.warn('Warning: the secrets key in this backup is also JWT_SECRET, so the backup can sign in as anyone. Change JWT_SECRET (everybody signs in again once), then take a new backup.');
      }
    } finally {
      await database.close();
    }
  },
});

function readSecretsKeyFile(dataDir: string): string | undefined {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '') : undefined;
}
