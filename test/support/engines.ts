import { randomBytes } from 'node:crypto';

/**
 * The database engines a suite runs on: SQLite always, PostgreSQL when DATABASE_URL is set.
 * Each PostgreSQL run gets its own schema, so suites and workers never see each other's rows.
 */
export type EngineEnv = { name: 'sqlite' | 'postgres'; env: Record<string, string> };

export function engines(): EngineEnv[] {
  const list: EngineEnv[] = [{ name: 'sqlite', env: {} }];
  const url = process.env.DATABASE_URL;
  if (url) {
    // Instances on a shared database share their secrets key, as README asks.
    list.push({ name: 'postgres', env: { DATABASE_URL: url, DATABASE_SCHEMA: `${process.env.TEST_SCHEMA_PREFIX ?? 'test_'}${randomBytes(6).toString('hex')}`, SECRETS_KEY: randomBytes(32).toString('base64url') } });
  } else if (!reported) {
    reported = true;
    console.info('PostgreSQL suites skipped: DATABASE_URL is not set.');
  }
  return list;
}

let reported = false;
