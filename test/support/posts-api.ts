import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { Post } from '../../src/shared/api-types';
import { removeDataDir, testConfig } from './test-config';

/** A form field: text, or a file with its bytes, name and declared type. */
export type FormValue = string | { data: Buffer | Uint8Array; filename?: string; type?: string };

/** Encodes fields as multipart/form-data the way a browser's FormData would. */
export async function multipart(
  fields: Record<string, FormValue | FormValue[]> | [string, FormValue][],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, values] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    for (const value of Array.isArray(values) ? values : [values]) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.filename ?? 'upload.bin');
    }
  }
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** Inserts an administrator straight into the database and answers a bearer token for it. */
export async function adminToken(app: FastifyInstance, email = `admin-${randomUUID()}@agency.test`): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await app.database.db.insertInto('users').values({ id, email, password_hash: 'not-a-real-hash', created_at: now, updated_at: now }).execute();
  return app.tokens.sign({ id, email, tokenVersion: 0 });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function sendPostForm(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  token: string | null,
  fields: Record<string, FormValue | FormValue[]>,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(fields);
  return app.inject({ method, url, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

/** Creates a post through the API, failing loudly when the server refuses it. */
export async function createPost(app: FastifyInstance, token: string, fields: Record<string, FormValue | FormValue[]>): Promise<Post> {
  const response = await sendPostForm(app, 'POST', '/api/posts', token, fields);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<Post>();
}

export interface PostsTestApp {
  app: FastifyInstance;
  config: Config;
  /** Bearer token of an administrator inserted at start. */
  token: string;
}

/**
 * Registers the hooks of a posts suite: the app on a fresh DATA_DIR with an administrator before
 * all tests, no posts before each, everything removed after. Fields are set once beforeAll ran.
 */
export function usePostsTestApp(env: Record<string, string>): PostsTestApp {
  const fixture = {} as PostsTestApp;
  beforeAll(async () => {
    fixture.config = testConfig(env);
    fixture.app = await buildApp(fixture.config);
    fixture.token = await adminToken(fixture.app);
  });
  afterAll(async () => {
    await fixture.app.close();
    removeDataDir(fixture.config);
  });
  beforeEach(async () => {
    await fixture.app.database.db.deleteFrom('posts').execute();
    // Changed behind the API's back: drop what was cached from the old rows.
    fixture.app.contentCache.drop();
  });
  return fixture;
}
