import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { engines } from '../support/engines';
import { login, register, startSite, type TestSite } from './accounts-helpers';

const RUNS = 120;

const email = fc.oneof(
  fc.constant('owner@example.com'),
  fc.constant('  OWNER@Example.com '),
  fc.emailAddress(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const password = fc.oneof(
  fc.constant('correct horse battery staple'),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 150 }),
  fc.string({ maxLength: 2000 }).map((text) => text.repeat(3)),
);
const fieldValue = <T>(usual: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: usual }, fc.jsonValue(), fc.constant(null), fc.anything());

/** A JSON object with the calls' fields, holding anything. */
const fields = fc.record({ email: fieldValue(email), password: fieldValue(password) }, { requiredKeys: [] }).map((value) => JSON.stringify(value));
/** What a client might send: well-formed bodies with odd values, other JSON, text and bytes. */
const body = fc.oneof(
  fields,
  fc.jsonValue().map((value) => JSON.stringify(value) ?? ''),
  fc.string({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
);

const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/).filter((name) => !['content-length', 'transfer-encoding', 'expect', 'connection', 'upgrade'].includes(name));
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,80}$/);
const contentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream'),
  headerValue,
);
/** Headers a client may add to any call; content type and encoding come separately. */
const headers = fc.record(
  {
    authorization: fc.oneof(headerValue.map((value) => `Bearer ${value}`), headerValue),
    'x-forwarded-for': fc.oneof(fc.ipV4(), headerValue),
    host: fc.oneof(fc.domain(), headerValue),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*'),
  },
  { requiredKeys: [] },
).chain((known) =>
  fc
    .dictionary(headerName.filter((name) => !name.startsWith('content-')), headerValue, { maxKeys: 4 })
    .map((extra) => ({ ...extra, ...known })),
);

const token = fc.oneof(fc.base64String({ minLength: 43, maxLength: 44 }), fc.string({ maxLength: 120 }));
const url = fc.oneof(
  fc.constantFrom('/api/auth/register', '/api/auth/login', '/api/forgot-password'),
  token.map((token) => `/api/reset-password/${encodeURIComponent(token)}`),
  fc.string({ unit: 'binary', maxLength: 30 }).map((token) => `/api/reset-password/${encodeURIComponent(token)}?x=${encodeURIComponent(token)}`),
);

describe.each(engines())('account endpoints under fuzzing on $name', ({ env }) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite(env, { ALLOW_REGISTRATION: 'true' });
    await register(site.app, 'owner@example.com');
    // Not among the fuzzed addresses, so no run can lock it out.
    await register(site.app, 'keeper@agency.test');
  });
  afterAll(() => site.close());

  async function send(options: InjectOptions) {
    const response = await site.app.inject(options);
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) expect(typeof response.json().message).toBe('string');
    return response.statusCode;
  }

  it('never answer 5xx to well-formed JSON calls holding anything, and answer errors as { message }', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(url, fields, headers, fc.oneof(fc.ipV4(), fc.ipV6()), async (path, payload, requestHeaders, remoteAddress) => {
        const options = { method: 'POST', url: path, payload, headers: { ...requestHeaders, 'content-type': 'application/json' }, remoteAddress } as const;
        statuses.add(await send(options));
      }),
      {
        numRuns: RUNS,
        // Always among the runs, so the statuses below are certain, not luck.
        examples: [
          ['/api/auth/register', JSON.stringify({ email: 'second@example.com', password: 'a perfectly fine passphrase' }), {}, '10.100.0.1'],
          ['/api/auth/login', JSON.stringify({ email: ' Owner@example.com', password: 'correct horse battery staple' }), {}, '10.100.0.2'],
          ['/api/auth/login', JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }), {}, '10.100.0.3'],
          ['/api/forgot-password', JSON.stringify({ email: 'owner@example.com' }), {}, '10.100.0.4'],
        ],
      },
    );
    // Past validation: accounts made, sign-ins checked, resets asked for.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 201, 400, 401]));
  }, 120_000);

  it('never answer 5xx to any request at all', async () => {
    await fc.assert(
      fc.asyncProperty(
        url,
        fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        body,
        contentType,
        fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'bogus')),
        headers,
        fc.oneof(fc.ipV4(), fc.ipV6()),
        async (path, method, payload, type, encoding, requestHeaders, remoteAddress) => {
          const all = { ...requestHeaders, 'content-type': type, ...(encoding ? { 'content-encoding': encoding } : {}) };
          await send({ method, url: path, payload, headers: all, remoteAddress } as InjectOptions);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('still signs accounts in afterwards', async () => {
    expect((await login(site.app, 'keeper@agency.test', 'correct horse battery staple', { remoteAddress: '10.200.0.1' })).statusCode).toBe(200);
  });
});
