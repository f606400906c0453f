import pg from 'pg';

/**
 * Drops the PostgreSQL schemas this run's suites made (TEST_SCHEMA_PREFIX…), once every suite has finished.
 * Never during the run: PostgreSQL's catalogue queries (Kysely's introspection at migration)
 * fail when a schema vanishes under them, so a suite dropping its schema would break another.
 */
export default async function dropTestSchemas(): Promise<void> {
  const connectionString = process.env.DATABASE_URL;
  const prefix = process.env.TEST_SCHEMA_PREFIX;
  if (!connectionString || !prefix) return;
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)', [prefix]);
    for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}
