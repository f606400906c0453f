import { spawnSync } from 'node:child_process';

const PROBE = `
const socket = require('node:net').connect(6379, '127.0.0.1');
socket.on('connect', () => socket.write('PING\\r\\n'));
socket.on('data', (data) => process.exit(String(data).startsWith('+PONG') ? 0 : 1));
socket.on('error', () => process.exit(1));
setTimeout(() => process.exit(1), 1000);
`;

let reported = false;

/**
 * REDIS_URL when set; otherwise a Redis answering on its usual local port, as CI finds
 * PostgreSQL. Decided while jest collects tests, so the probe runs synchronously.
 */
export function redisUrlForTests(): string | undefined {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  if (spawnSync(process.execPath, ['-e', PROBE], { timeout: 3000 }).status === 0) return 'redis://127.0.0.1:6379';
  if (!reported) {
    reported = true;
    console.info('Redis suites skipped: REDIS_URL is not set and nothing answers at 127.0.0.1:6379.');
  }
  return undefined;
}
