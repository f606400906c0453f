import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { adminToken, createPost } from '../support/posts-api';
import { register } from './accounts-helpers';

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Every file below `directory`, with its mode. */
function modes(directory: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of fs.readdirSync(directory, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(directory, full)] = mode(full);
  }
  return found;
}

describe('the data folder', () => {
  it('is its owner\'s alone: created 0700, its files 0600, an older folder tightened', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-modes-'));
    const dataDir = path.join(root, 'data');
    // As an older version left it, under the usual umask: an image and a mail already there.
    for (const folder of [dataDir, path.join(dataDir, 'uploads'), path.join(dataDir, 'outbox')]) {
      fs.mkdirSync(folder, { mode: 0o755 });
      fs.chmodSync(folder, 0o755);
    }
    fs.writeFileSync(path.join(dataDir, 'uploads', 'older.png'), 'image', { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, 'outbox', 'older.eml'), 'mail', { mode: 0o644 });
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SITE_URL: 'https://agency.test', LOG_LEVEL: 'silent' }));
    try {
      const token = await adminToken(app, 'owner@agency.test');
      const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#abc' } }).png().toBuffer();
      await createPost(app, token, { title: 'Private files', body: 'b', image: { data: image, filename: 'a.png', type: 'image/png' } });
      // Without SMTP_URL the reset mail goes to the outbox.
      await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'owner@agency.test' } });
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect(mode(dataDir)).toBe('700');
      const found = modes(dataDir);
      for (const name of ['site.db', 'site.db-wal', 'site.db-shm', 'secrets-key', 'uploads', 'outbox']) expect(Object.keys(found)).toContain(name);
      expect(Object.keys(found).filter((name) => name.startsWith('uploads/')).length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(found).filter((name) => name.startsWith('outbox/')).length).toBe(2);
      // The day's scheduled backup (on by default) may already have written its folder and archive.
      const directories = new Set(['uploads', 'outbox', 'backups']);
      for (const [name, found_mode] of Object.entries(found)) expect(`${name} ${found_mode}`).toBe(`${name} ${directories.has(name) ? '700' : '600'}`);
    } finally {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('leaves alone a folder that holds anything else, such as the working directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-shared-'));
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'mine', { mode: 0o644 });
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SITE_URL: 'https://agency.test', LOG_LEVEL: 'silent' }));
    try {
      expect([mode(dataDir), mode(path.join(dataDir, 'notes.txt'))]).toEqual(['755', '644']);
      // What the server makes there is its own user's all the same.
      expect([mode(path.join(dataDir, 'site.db')), mode(path.join(dataDir, 'secrets-key'))]).toEqual(['600', '600']);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the log', () => {
  it('holds no password, token, reset link or full client address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-log-'));
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SITE_URL: 'https://agency.test', TRUST_PROXY: 'true' }), { logger: { level: 'info', stream } });
    const password = 'correct horse battery staple';
    const token = 'Xq3vT9kLm2Pz8RwB4nYc7HdJ5sFa1GeK6uVo0iQtZbM';
    const visitor = { 'x-forwarded-for': '203.0.113.77' };
    try {
      await register(app, 'owner@agency.test', password, { headers: visitor });
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@agency.test', password }, headers: visitor });
      await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'owner@agency.test' }, headers: visitor });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await app.inject({ method: 'GET', url: `/reset-password/${token}`, headers: visitor });
      await app.inject({ method: 'POST', url: `/api/reset-password/${token}`, payload: { password }, headers: visitor });
      await app.inject({ method: 'GET', url: `/subscribe/confirm/${token.toLowerCase()}1?token=${token}&page=2`, headers: visitor });
      await app.inject({ method: 'GET', url: '/blog/a-post-about-websites-in-2026', headers: { ...visitor, authorization: `Bearer ${token}` } });

      const outbox = path.join(dataDir, 'outbox');
      const mail = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]!), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https:\/\/agency\.test\/reset-password\/([\w-]+)/.exec(mail)![1]!;
      const log = lines.join('\n');
      expect(lines.length).toBeGreaterThan(10);
      for (const secret of [password, token, token.toLowerCase(), link, '203.0.113.77']) expect(log).not.toContain(secret);
      // What the log is for is still there: which page, which kind of address.
      expect(log).toContain('203.0.113.x');
      expect(log).toContain('/blog/a-post-about-websites-in-2026');
      expect(log).toContain('page=2');
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
