/**
 * Crash drill: the real server, killed with SIGKILL in the middle of 200 concurrent
 * authenticated post creations, must come back with every acknowledged post whole (its image
 * files included), no half-written post, an intact database, and answer normally.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import type { Post } from '../../src/shared/api-types';
import { engines } from '../support/engines';

const root = path.resolve(__dirname, '../..');
const CREATIONS = 200;
const KILL_AFTER_ACKNOWLEDGED = 60;
const PASSWORD = 'crash-drill-password-2026';
jest.setTimeout(300_000);

beforeAll(() => {
  // Builds only when the build is missing or older than the sources.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`Build failed:\n${build.stdout}\n${build.stderr}`);
});

function startServer(port: number, dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    // The engine's variables only: an inherited DATABASE_URL must not turn a SQLite run into PostgreSQL.
    env: { ...process.env, DATABASE_URL: '', DATABASE_SCHEMA: '', ...env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'error', DRAIN_SECONDS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return resolve(child);
      } catch {
        // not yet listening
      }
      if (Date.now() - started > 30_000) return reject(new Error('server did not start'));
      setTimeout(poll, 100);
    };
    void poll();
  });
}

async function signIn(baseUrl: string): Promise<string> {
  const credentials = JSON.stringify({ email: 'owner@larkspur.example', password: PASSWORD });
  const headers = { 'content-type': 'application/json' };
  const registered = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', headers, body: credentials });
  expect(registered.status).toBe(201);
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers, body: credentials });
  return ((await login.json()) as { token: string }).token;
}

describe.each(engines())('crash drill on $name', ({ name, env }) => {
  it('keeps every acknowledged post whole across a SIGKILL', async () => {
    const port = 3300 + Number(process.env.JEST_WORKER_ID ?? 1) * 10 + (name === 'postgres' ? 1 : 0);
    const baseUrl = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-crash-'));
    let server = await startServer(port, dataDir, env);
    try {
      const token = await signIn(baseUrl);
      const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1d4ed8' } }).png().toBuffer();

      const acknowledged: Post[] = [];
      let killed = false;
      const creations = Array.from({ length: CREATIONS }, async (_, i) => {
        const form = new FormData();
        form.append('title', `Crash drill post ${i}`);
        form.append('body', `Body of post ${i}.`);
        form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), `image-${i}.png`);
        try {
          const response = await fetch(`${baseUrl}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
          if (response.status !== 201) return;
          acknowledged.push((await response.json()) as Post);
          if (!killed && acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) {
            killed = true;
            server.kill('SIGKILL');
          }
        } catch {
          // The connection died with the server: not acknowledged, so nothing is promised.
        }
      });
      await Promise.all(creations);
      expect(killed).toBe(true);
      await new Promise((resolve) => (server.exitCode !== null || server.signalCode ? resolve(null) : server.once('exit', resolve)));

      server = await startServer(port, dataDir, env);
      const posts = (await (await fetch(`${baseUrl}/api/posts`)).json()) as Post[];
      const stored = new Map(posts.map((post) => [post._id, post]));
      for (const post of acknowledged) expect(stored.get(post._id)).toMatchObject({ title: post.title, slug: post.slug });

      // Every post that exists is whole: each was created with an image, so each has its files.
      for (const post of posts) {
        expect(post.imageUrl).toMatch(/^\/uploads\/.+\.webp$/);
        for (const suffix of ['', '-400', '-800']) {
          const response = await fetch(baseUrl + post.imageUrl!.replace(/\.webp$/, `${suffix}.webp`));
          expect(response.status).toBe(200);
        }
      }
      expect((await fetch(`${baseUrl}/`)).status).toBe(200);
      expect((await fetch(`${baseUrl}/blog/${acknowledged[0]!.slug}`)).status).toBe(200);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    }
    if (name === 'sqlite') {
      const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
