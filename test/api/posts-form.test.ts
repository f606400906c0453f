import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Post } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { bearer, multipart, sendPostForm, usePostsTestApp } from '../support/posts-api';

/** The create and update form as a hostile or careless client sends it: never a 5xx. */
describe.each(engines())('posts form parsing on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = fixture);
  });

  const raw = (payload: string | Buffer | undefined, contentType?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...bearer(token), ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  const expectRefused = async (response: Awaited<ReturnType<typeof raw>>, status: number, message?: string | RegExp) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: message ?? expect.any(String) });
    expect((await app.inject({ method: 'GET', url: '/api/posts' })).json()).toEqual([]);
  };
  const CRLF = '\r\n';
  const part = (boundary: string, name: string, value: string) => `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`;

  it.each([
    ['JSON', JSON.stringify({ title: 't', body: 'b' }), 'application/json', 415],
    ['plain text', 'title=t&body=b', 'text/plain', 415],
    ['a URL-encoded form', 'title=t&body=b', 'application/x-www-form-urlencoded', 415],
    ['no body at all', undefined, undefined, 415],
    ['multipart without a boundary', 'whatever', 'multipart/form-data', 400],
    ['multipart with an empty boundary', '--\r\n', 'multipart/form-data; boundary=', 400],
    ['multipart that is not multipart', 'garbage that has no boundary in it', 'multipart/form-data; boundary=xyz', 400],
    ['multipart cut off mid-part', `--xyz${CRLF}Content-Disposition: form-data; name="title"${CRLF}${CRLF}Cut`, 'multipart/form-data; boundary=xyz', 400],
    ['a part without a name', `--xyz${CRLF}Content-Type: text/plain${CRLF}${CRLF}x${CRLF}--xyz--${CRLF}`, 'multipart/form-data; boundary=xyz', 400],
  ])('refuses %s with a 4xx message', async (_name, payload, contentType, status) => {
    await expectRefused(await raw(payload, contentType), status);
  });

  it('refuses a __proto__ field', async () => {
    const body = part('xyz', '__proto__', 'polluted') + part('xyz', 'title', 't') + part('xyz', 'body', 'b') + `--xyz--${CRLF}`;
    await expectRefused(await raw(body, 'multipart/form-data; boundary=xyz'), 400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a title or body sent twice', async () => {
    await expectRefused(await sendPostForm(app, 'POST', '/api/posts', token, { title: ['a', 'b'], body: 'b' }), 400, 'Send title once.');
  });

  it('ignores text fields it does not know, and a text "image"', async () => {
    const response = await sendPostForm(app, 'POST', '/api/posts', token, { title: 't', body: 'b', image: 'null', extra: 'x' });
    expect(response.statusCode).toBe(201);
    expect(response.json<Post>().imageUrl).toBeNull();
  });

  it('refuses too many fields', async () => {
    const fields: Record<string, string> = { title: 't', body: 'b' };
    for (let index = 0; index < 40; index++) fields[`f${index}`] = 'x';
    await expectRefused(await sendPostForm(app, 'POST', '/api/posts', token, fields), 400, 'The form has too many fields.');
  });

  it.each([
    [{ title: 'x'.repeat(201), body: 'b' }, 400, 'Title must be at most 200 characters.'],
    [{ title: 'a\u0000b', body: 'b' }, 400, 'Title must not contain control characters.'],
    [{ title: 't', body: 'a\u0000b' }, 400, 'Body must not contain NUL characters.'],
    [{ title: 't', body: 'x'.repeat(200_001) }, 413, 'Body must be at most 200,000 characters.'],
    [{ title: 't', body: 'x'.repeat(1024 * 1024 + 1) }, 413, 'The body field is too long.'],
  ])('refuses %#: overlong or unstorable text', async (fields, status, message) => {
    await expectRefused(await sendPostForm(app, 'POST', '/api/posts', token, fields), status, message);
  });

  it('accepts a title of exactly 200 characters and a long body', async () => {
    const response = await sendPostForm(app, 'POST', '/api/posts', token, { title: 'x'.repeat(200), body: 'y'.repeat(200_000) });
    expect(response.statusCode).toBe(201);
  });

  it('answers an oversized upload over a real connection with 413 JSON', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { payload, headers } = await multipart({ title: 't', body: 'b', image: { data: Buffer.alloc(6 * 1024 * 1024, 1), filename: 'big.png', type: 'image/png' } });
      const { port } = app.server.address() as AddressInfo;
      expect(address).toContain(String(port));
      const response = await fetch(`${address}/api/posts`, { method: 'POST', body: new Uint8Array(payload), headers: { ...headers, ...bearer(token) } });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: 'The image is larger than 5 MB.' });
    } finally {
      await app.server.close();
    }
  });
});
