import { randomBytes } from 'node:crypto';

/** One prefix per jest run, so the teardown drops this run's PostgreSQL schemas and no others. */
export default async function setTestSchemaPrefix(): Promise<void> {
  process.env.TEST_SCHEMA_PREFIX ??= `test_${randomBytes(4).toString('hex')}_`;
}
