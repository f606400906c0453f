import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/server/config';

/**
 * A configuration on a fresh temporary DATA_DIR; overrides as environment variables. The daily
 * backup is off unless a test turns it on: a test's clock is mostly past 03:00, and every app
 * built would otherwise start by writing an archive.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-test-'));
  return loadConfig({ DATA_DIR: dataDir, SITE_URL: 'https://agency.test', LOG_LEVEL: 'silent', BACKUP_SCHEDULE: 'off', ...env });
}

export function removeDataDir(config: Config): void {
  fs.rmSync(config.dataDir, { recursive: true, force: true });
}
