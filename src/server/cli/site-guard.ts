import { databaseExists } from '../backup/restore-target';
import type { Config } from '../config';
import { describeSite, RefusedError } from './run-tool';

/**
 * Says which site a run acts on, and refuses to go on where there is no site database: a tool run
 * without the service's environment would otherwise create a new, empty one and report success
 * against it. `--init` is the owner saying that a new site is meant.
 */
export async function requireSite(config: Config, { init = false, log = console.error }: { init?: boolean; log?: (line: string) => void } = {}): Promise<void> {
  log(describeSite(config));
  if (await databaseExists(config)) return;
  if (init) {
    log('There is no site database here yet: creating a new one (--init).');
    return;
  }
  throw new RefusedError(
    `There is no site database here (${config.databaseUrl ? 'no tables in the PostgreSQL schema' : `no ${config.dataDir}/site.db`}), so nothing was done. ` +
      'Run the command with the site\'s own settings (DATA_DIR, DATABASE_URL and DATABASE_SCHEMA as the service has them, e.g. from its .env file), or add --init to create a new, empty site here.',
  );
}
