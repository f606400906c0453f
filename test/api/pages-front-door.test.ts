import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { engines } from '../support/engines';
import { adminToken, bearer, createPost } from '../support/posts-api';
import { startSite, type TestSite } from './accounts-helpers';

/** What a client sees of an answer: per-connection and per-moment headers left out, the form-start token's time and signature masked. */
interface Seen {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}
const PER_MOMENT = ['date', 'connection', 'keep-alive', 'transfer-encoding'];
const masked = (cookie: string) => cookie.replace(/=\d+\.[\w-]+;/, '=TOKEN;');
const comparable = (headers: Seen['headers']) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_MOMENT.includes(name))
      .map(([name, value]) => [name, name === 'set-cookie' && Array.isArray(value) ? value.map(masked) : value]),
  );

/** A request over a real socket, the body kept as bytes (base64), with no header added. */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', path, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('base64'), headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe.each(engines())('cached pages through the front door on $name', ({ env }) => {
  let site: TestSite;
  let port: number;
  /** Requests the page handler answered in front of Fastify. */
  let fronted: number;

  beforeEach(async () => {
    site = await startSite(env, { CONTACT_DELIVERY: 'server' });
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    port = (site.app.server.address() as AddressInfo).port;
    const door = site.app.frontDoor;
    const pages = door.pages!;
    fronted = 0;
    door.pages = (request, response) => {
      const taken = pages(request, response);
      if (taken) fronted++;
      return taken;
    };
  });
  afterEach(() => site.close());

  /** Asks twice (the first renders and compresses), then reports whether the third was answered in front. */
  const warmed = async (method: string, path: string, headers: Record<string, string> = {}) => {
    await rawRequest(port, method, path, headers);
    await rawRequest(port, method, path, headers);
    const before = fronted;
    const seen = await rawRequest(port, method, path, headers);
    return { seen, inFront: fronted > before };
  };

  it('answers cached pages exactly as the page route does: status, headers, cookies and bytes', async () => {
    const token = await adminToken(site.app);
    const post = await createPost(site.app, token, { title: 'Front door pages', body: 'Served from memory.' });
    const br = { 'accept-encoding': 'br, gzip' };
    const cases: Array<[string, string, Record<string, string>]> = [
      ['GET', '/', br],
      ['GET', '/', { 'accept-encoding': 'gzip' }],
      ['GET', '/', {}],
      ['HEAD', '/', br],
      ['GET', '/blog', br],
      ['GET', '/blog?utm_source=news&page=1', br],
      ['GET', `/blog/${post.slug}`, br],
      ['GET', '/contact', br],
      ['GET', '/privacy', br],
      ['GET', '/services', { 'accept-encoding': 'gzip;q=0.5, br;q=0.1' }],
    ];
    const front: Seen[] = [];
    for (const [method, path, headers] of cases) {
      const { seen, inFront } = await warmed(method, path, headers);
      expect({ method, path, inFront }).toEqual({ method, path, inFront: true });
      front.push(seen);
    }
    // The same requests over the same wire, now all answered by Fastify's page route.
    site.app.frontDoor.drain();
    for (const [index, [method, path, headers]] of cases.entries()) {
      const routed = await rawRequest(port, method, path, headers);
      const seen = front[index]!;
      expect({ method, path, ...seen, headers: comparable(seen.headers) }).toEqual({ method, path, ...routed, headers: comparable(routed.headers) });
    }
    // The pages with a form carry a start time of their own, the others none.
    expect(front[7]!.headers['set-cookie']).toEqual([expect.stringMatching(/^contact_start=\d+\./)]);
    expect(front[6]!.headers['set-cookie']).toEqual([expect.stringMatching(/^subscribe_start=\d+\./)]);
    expect(front[0]!.headers['set-cookie']).toBeUndefined();
  });

  it('leaves to Fastify what it may answer otherwise: a token, a redirect, a missing page, another path spelling, a write', async () => {
    const token = await adminToken(site.app);
    await warmed('GET', '/about');
    // A bad token on a read is refused, a good one is answered from the database, never from the cache.
    expect(await warmed('GET', '/about', { authorization: 'Bearer nonsense' })).toMatchObject({ seen: { status: 401 }, inFront: false });
    const owner = await warmed('GET', '/about', bearer(token));
    expect(owner).toMatchObject({ seen: { status: 200, headers: { 'cache-control': 'no-store' } }, inFront: false });

    // A redirect added by the owner takes the address at once, cached page or not.
    const added = await site.app.inject({ method: 'POST', url: '/api/redirects', headers: bearer(token), payload: { from: '/about', to: '/services' } });
    expect(added.statusCode).toBe(201);
    expect(await warmed('GET', '/about')).toMatchObject({ seen: { status: 301, headers: { location: '/services' } }, inFront: false });

    expect(await warmed('GET', '/no-such-page')).toMatchObject({ seen: { status: 404 }, inFront: false });
    // Read by the URL parser as /services, by the router as another address.
    await warmed('GET', '/services');
    expect((await warmed('GET', '//services')).inFront).toBe(false);
    expect((await warmed('GET', '/api/../services')).inFront).toBe(false);
    expect((await warmed('POST', '/services')).inFront).toBe(false);
    // An address the URL parser refuses is the router's to answer, and stops nothing.
    expect(await warmed('GET', '//[')).toMatchObject({ seen: { status: 404 }, inFront: false });
    expect((await warmed('GET', '/services')).inFront).toBe(true);
  });

  it('stops answering in front once the site drains', async () => {
    expect((await warmed('GET', '/')).inFront).toBe(true);
    site.app.drain();
    expect(await warmed('GET', '/')).toMatchObject({ seen: { status: 200, headers: { connection: 'close' } }, inFront: false });
  });
});
