import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Post } from '../../src/shared/api-types';
import { createPost, sendPostForm } from '../support/posts-api';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { login, post, register } from './accounts-helpers';
import { sendContact } from './contact-helpers';
import { authed, codeAt, enrolAuthenticator, secondStep, someClient } from './security-helpers';

const OWNER = 'owner@agency.test';
const ORIGIN = 'https://agency.test';

/** The environment of a site on `engine` with a schema of its own on PostgreSQL. */
export function siteEnv(engine: 'sqlite' | 'postgres', extra: Record<string, string> = {}): Record<string, string> {
  if (engine === 'sqlite') return {};
  return { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: `${process.env.TEST_SCHEMA_PREFIX ?? 'test_'}${randomBytes(6).toString('hex')}`, ...extra };
}

/** The secrets key a PostgreSQL site shares between its instances. */
export const newSecretsKey = () => ({ SECRETS_KEY: randomBytes(32).toString('base64url') });

export interface Seeded {
  secret: string;
  device: SoftAuthenticator;
  posts: Post[];
}

/**
 * A site with a bit of everything a restore must bring back: an owner with an authenticator app
 * and a passkey, posts with images, tags, a draft and a revision, and a contact message.
 */
export async function seedSite(app: FastifyInstance): Promise<Seeded> {
  expect((await register(app, OWNER)).statusCode).toBe(201);
  const token = (await login(app, OWNER, undefined, { remoteAddress: someClient() })).json<{ token: string }>().token;
  const { secret } = await enrolAuthenticator(app, token);
  const device = new SoftAuthenticator(ORIGIN);
  const { options } = (await post(app, '/api/security/passkeys/options', {}, authed(token))).json<{ options: PublicKeyCredentialCreationOptionsJSON }>();
  expect((await post(app, '/api/security/passkeys', { name: 'Work laptop', response: device.register(options) }, authed(token))).statusCode).toBe(201);

  const image = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const posts = [
    await createPost(app, token, { title: 'Moving house with a zanzibar', body: 'A post about *restoring* things.', tags: 'Operations, Backups', image: { data: image, filename: 'a.png', type: 'image/png' }, imageAlt: 'Blue' }),
    await createPost(app, token, { title: 'Second thoughts', body: 'Words words.', tags: 'Backups', description: 'Share text' }),
    await createPost(app, token, { title: 'Unfinished', body: 'Draft.', status: 'draft' }),
  ];
  const updated = await sendPostForm(app, 'PUT', `/api/posts/${posts[1]!._id}`, token, { title: 'Second thoughts, revised', body: 'Words, revised.', tags: 'Backups' });
  expect(updated.statusCode).toBe(200);
  expect((await sendContact(app, { name: 'Maria Okafor', email: 'maria@bakery.example', message: 'We would like an online order form.' })).statusCode).toBe(201);
  return { secret, device, posts };
}

/**
 * Signs in as the owner with password and authenticator code, as after a restore everybody must;
 * `step` apart, as a spent code is refused.
 */
export async function signIn(app: FastifyInstance, secret: string, step = 0): Promise<string> {
  const first = await login(app, OWNER, undefined, { remoteAddress: someClient() });
  expect(first.statusCode).toBe(200);
  const second = await secondStep(app, first.json<{ mfaToken: string }>().mfaToken, await codeAt(secret, step));
  expect(second.statusCode).toBe(200);
  return second.json<{ token: string }>().token;
}

export async function passkeySignIn(app: FastifyInstance, device: SoftAuthenticator): Promise<number> {
  const { options } = (await post(app, '/api/auth/passkey/options', {}, { remoteAddress: someClient() })).json<{ options: PublicKeyCredentialRequestOptionsJSON }>();
  return (await post(app, '/api/auth/passkey/verify', { response: device.authenticate(options) }, { remoteAddress: someClient() })).statusCode;
}

/** What the site answers, to be the same before and after: the API's reads and the pages. */
export async function snapshot(app: FastifyInstance, token: string, posts: Post[]): Promise<Record<string, unknown>> {
  const get = async (url: string, withToken = true) => {
    const response = await app.inject({ method: 'GET', url, headers: withToken ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.statusCode, body: response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : response.body };
  };
  const security = (await get('/api/security')).body as { events?: unknown };
  delete security.events;
  const published = posts.find((post) => post.status === 'published')!;
  const imageKey = /\/uploads\/([0-9a-f]{32})\.webp/.exec(published.imageUrl ?? '')?.[1];
  const image = imageKey ? await app.inject({ method: 'GET', url: `/uploads/${imageKey}-400.webp` }) : undefined;
  const answers = {
    publicPosts: await get('/api/posts', false),
    allPosts: await get('/api/posts'),
    counts: await get('/api/post-counts'),
    post: await get(`/api/posts/${published.slug}`, false),
    revisions: await get(`/api/posts/id/${posts[1]!._id}/revisions`),
    tags: await get('/api/tags', false),
    tag: await get('/api/tags/backups', false),
    // The engines' search snippets differ (FTS5 and PostgreSQL's own); the results must not.
    search: withoutSnippets(await get('/api/search?q=zanzibar', false)),
    messages: await get('/api/contact/messages?folder=inbox'),
    security,
    image: image && { status: image.statusCode, bytes: image.rawPayload.toString('base64') },
  };
  // A comparison of two refusals would prove nothing.
  for (const [name, answer] of Object.entries(answers)) if (answer && 'status' in answer) expect([name, answer.status]).toEqual([name, 200]);
  return answers;
}

function withoutSnippets(answer: { status: number; body: unknown }) {
  const body = answer.body as { results: { snippet?: string }[] };
  return { ...answer, body: { ...body, results: body.results.map(({ snippet: _snippet, ...rest }) => rest) } };
}
