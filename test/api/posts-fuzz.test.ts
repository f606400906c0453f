import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { Post } from '../../src/shared/api-types';
import type { Config } from '../../src/server/config';
import { engines } from '../support/engines';
import { bearer, createPost, multipart, type FormValue, usePostsTestApp } from '../support/posts-api';

/** Bounded, so the suite stays quick; a failure prints its seed and the shrunk request. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);

const SIGNATURES = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [...Buffer.from('GIF89a')],
  [...Buffer.from('RIFF\0\0\0\0WEBP')],
  [0, 0, 0, 0x1c, ...Buffer.from('ftypavif')],
  [...Buffer.from('<svg')],
  [],
];

describe.each(engines())('posts API under fuzzing on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  let app: FastifyInstance;
  let config: Config;
  let token: string;
  let existing: Post;
  let validImages: Buffer[];

  beforeAll(async () => {
    ({ app, config, token } = fixture);
    const solid = () => sharp({ create: { width: 30, height: 20, channels: 3, background: '#468' } });
    validImages = await Promise.all([solid().png().toBuffer(), solid().jpeg().toBuffer(), solid().gif().toBuffer()]);
  });

  beforeEach(async () => {
    existing = await createPost(app, token, { title: 'Fuzz target', body: 'b' });
  });

  const authHeaders = fc.constantFrom<Record<string, string>>(
    {},
    { authorization: 'Bearer garbage' },
    { authorization: 'Bearer ' },
    { authorization: 'bearer  a.b.c ' },
    { authorization: '' },
  );
  const withToken = fc.oneof({ weight: 3, arbitrary: fc.constant<'valid'>('valid') }, { weight: 1, arbitrary: authHeaders });

  const segment = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
    fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
    // No '..': the URL would then name /api/ itself, not a posts call.
    fc.constantFrom('%', '%zz', '%00', '%2F', '.', '%2e', 'id', 'fuzz-target', 'x'.repeat(300), '%C0%AF', '%ED%A0%80'),
    fc.constant('EXISTING'),
  );

  const queryValue = fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.string({ maxLength: 12 }).map(encodeURIComponent), fc.constantFrom('1e400', '0x10', '', '1.0', ' 1', '%00'));
  const query = fc
    .array(fc.tuple(fc.constantFrom('page', 'limit', 'page[]', 'limit[a]', 'other'), queryValue), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}` : ''));

  const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constantFrom('', ' ', '\u0000', 'x'.repeat(250)));
  const fileValue: fc.Arbitrary<FormValue> = fc.oneof(
    fc.tuple(fc.constantFrom(...SIGNATURES), fc.uint8Array({ maxLength: 600 }), fc.string({ maxLength: 20 }), fc.constantFrom('image/png', 'text/html', '', 'image/svg+xml')).map(
      ([signature, rest, filename, type]) => ({ data: Buffer.concat([Buffer.from(signature), rest]), filename, type }),
    ),
    fc.integer({ min: 0, max: 2 }).map((index) => ({ data: validImages[index]!, filename: 'ok.png', type: 'image/png' })),
  );
  const formFields = fc.array(fc.tuple(fc.constantFrom('title', 'body', 'image', 'other', '__proto__', 'constructor', ''), fc.oneof(text, fileValue)), { maxLength: 6 });

  const rawBody = fc.tuple(
    fc.oneof(fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)), fc.string({ maxLength: 200 }).map((value) => Buffer.from(value))),
    fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x', 'multipart/form-data; boundary="a b"', 'application/json', 'text/plain', 'image/png', 'multipart/mixed; boundary=x', ''),
  );

  /** A request described as data, so that a counterexample prints readably; encoded in the property. */
  type FuzzRequest = {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    auth: 'valid' | Record<string, string>;
    form?: [string, FormValue][];
    raw?: [Buffer, string];
  };

  const request: fc.Arbitrary<FuzzRequest> = fc.oneof(
    fc.record({ method: fc.constant('GET' as const), url: query.map((search) => `/api/posts${search}`), auth: withToken }),
    fc.record({ method: fc.constant('GET' as const), url: segment.map((slug) => `/api/posts/${slug}`), auth: withToken }),
    fc.record({ method: fc.constant('GET' as const), url: segment.map((id) => `/api/posts/id/${id}`), auth: withToken }),
    fc.record({ method: fc.constant('POST' as const), url: fc.constant('/api/posts'), auth: withToken, form: formFields }),
    fc.record({ method: fc.constant('PUT' as const), url: segment.map((id) => `/api/posts/${id}`), auth: withToken, form: formFields }),
    fc.record({ method: fc.constantFrom('POST' as const, 'PUT' as const), url: fc.constantFrom('/api/posts', '/api/posts/EXISTING'), auth: withToken, raw: rawBody }),
    // Never the target: deleting it would leave later updates nothing to work on.
    fc.record({ method: fc.constant('DELETE' as const), url: segment.map((id) => `/api/posts/${id === 'EXISTING' ? 'not-the-target' : id}`), auth: withToken }),
  );

  async function toInject(fuzz: FuzzRequest): Promise<InjectOptions> {
    const url = fuzz.url.replace('EXISTING', existing._id);
    const headers: Record<string, string> = fuzz.auth === 'valid' ? bearer(token) : { ...fuzz.auth };
    if (fuzz.form) {
      const encoded = await multipart(fuzz.form);
      return { method: fuzz.method, url, payload: encoded.payload, headers: { ...encoded.headers, ...headers } };
    }
    if (fuzz.raw) {
      const [payload, contentType] = fuzz.raw;
      return { method: fuzz.method, url, payload, headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers } };
    }
    return { method: fuzz.method, url, headers };
  }

  it('never answers 5xx, and every error is JSON with a message', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (fuzz) => {
        const options = await toInject(fuzz);
        const response = await app.inject(options);
        if (response.statusCode >= 500) throw new Error(`${options.method} ${options.url} answered ${response.statusCode}: ${response.body}`);
        if (response.statusCode >= 400) expect(response.json()).toEqual({ message: expect.any(String) });
      }),
      { numRuns: RUNS },
    );
    // The target post survived everything thrown at it but legitimate updates.
    expect((await app.inject({ method: 'GET', url: `/api/posts/id/${existing._id}`, headers: bearer(token) })).statusCode).toBe(200);
    // Every stored file belongs to a post, and every post's image is there: nothing left behind.
    const posts = (await app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>();
    const expected = posts.flatMap((post) => (post.imageUrl ? ['-400', '-800', ''].map((suffix) => post.imageUrl!.replace('/uploads/', '').replace('.webp', `${suffix}.webp`)) : []));
    expect(fs.readdirSync(path.join(config.dataDir, 'uploads')).sort()).toEqual(expected.sort());
  }, 60_000 + RUNS * 100);
});
