/**
 * Graceful shutdown of the real server: on SIGTERM it fails /healthz for DRAIN_SECONDS while
 * still serving, then stops taking connections, finishes the request in flight, and exits 0.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildOnce } from '../support/built-server';

const root = path.resolve(__dirname, '../..');
jest.setTimeout(120_000);

beforeAll(buildOnce);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('drains, finishes the request in flight, then exits', async () => {
  const port = 3400 + Number(process.env.JEST_WORKER_ID ?? 1);
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-shutdown-'));
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATABASE_SCHEMA: '', PORT: String(port), HOST: '127.0.0.1', SITE_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'error', DRAIN_SECONDS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    for (let attempt = 0; !(await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false)); attempt++) {
      if (attempt > 150) throw new Error('server did not start');
      await sleep(100);
    }
    // A request in flight: headers and half its body sent, the rest after the drain.
    const body = JSON.stringify({ email: 'nobody@agency.test', password: 'not the password at all' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await sleep(200);

    child.kill('SIGTERM');
    await sleep(300);
    const draining = await fetch(`${baseUrl}/healthz`);
    expect(draining.status).toBe(503);
    // Still serving while the load balancer notices.
    expect((await fetch(`${baseUrl}/api/posts`)).status).toBe(200);

    await sleep(1500);
    // Past DRAIN_SECONDS: no new connection is taken, but the one in flight is finished.
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
    expect(child.exitCode).toBeNull();
    socket.write(body.slice(10));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    const answeredAt = Date.now();
    expect(await exited).toBe(0);
    // At once: no kept-alive connection holds the exit back until its timeout.
    expect(Date.now() - answeredAt).toBeLessThan(5000);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
