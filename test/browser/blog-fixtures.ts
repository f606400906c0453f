import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Post } from '../../src/shared/api-types';

/**
 * What the blog's browser tests need from the running server: an administrator's token (the
 * admin pages are another suite's concern), posts made through the API, and a watcher of the
 * posts API calls a page makes (a script that should never have run).
 */

// Blog suites written against this module keep their imports of the page watchers.
export { hydrated, watchConsole } from './page-watchers';

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return dir;
};

/** An administrator written straight into the server's SQLite file, with a token signed by the server's own key. */
export async function adminToken(): Promise<string> {
  const secret = fs.readFileSync(path.join(dataDir(), 'jwt-secret'), 'utf8').trim();
  const id = randomUUID();
  const email = `blog-e2e-${id.slice(0, 8)}@agency.test`;
  const now = new Date().toISOString();
  const db = new SQLite(path.join(dataDir(), 'site.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('INSERT INTO users (id, email, password_hash, token_version, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)').run(id, email, 'not-a-real-hash', now, now);
  } finally {
    db.close();
  }
  return new SignJWT({ email, ver: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(id)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

/** A small real image for the upload pipeline to turn into its three WebP widths. */
export const sampleImage = () => sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2f6fd6' } }).png().toBuffer();

export async function createPost(
  request: APIRequestContext,
  token: string,
  fields: { title: string; body: string; image?: Buffer; tags?: string; description?: string; imageAlt?: string },
): Promise<Post> {
  const response = await request.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title: fields.title,
      body: fields.body,
      ...(fields.tags !== undefined ? { tags: fields.tags } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.imageAlt !== undefined ? { imageAlt: fields.imageAlt } : {}),
      ...(fields.image ? { image: { name: 'cover.png', mimeType: 'image/png', buffer: fields.image } } : {}),
    },
  });
  if (response.status() !== 201) throw new Error(`Creating "${fields.title}" failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Post;
}

/** Removes every post, so a test counts only its own (other suites share the server). */
export async function deleteAllPosts(request: APIRequestContext, token: string): Promise<void> {
  const posts = (await (await request.get('/api/posts')).json()) as Post[];
  for (const post of posts) {
    const response = await request.delete(`/api/posts/${post._id}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok()) throw new Error(`Deleting ${post.slug} failed: ${response.status()}`);
  }
}

/** Calls to the posts API the page makes from now on. */
export function watchPostsRequests(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/posts')) calls.push(url.pathname + url.search);
  });
  return calls;
}
