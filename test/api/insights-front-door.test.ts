import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { engines } from '../support/engines';
import { adminToken, bearer, createPost } from '../support/posts-api';
import { startSite, type TestSite } from './accounts-helpers';
import { homeView, PHONE, report, sendEvent, setClock } from './insights-helpers';

/** What a client sees of an answer: per-connection and per-moment headers left out. */
interface Seen {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}
const PER_MOMENT = ['date', 'connection', 'keep-alive', 'transfer-encoding'];
const comparable = (headers: Seen['headers']) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_MOMENT.includes(name)));

/** A POST over a real socket, with the body sent as `chunks` (each written apart) and no header added. */
function rawPost(port: number, path: string, headers: Record<string, string>, chunks: string[]): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', path, method: 'POST', headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    // The server may answer and close before the whole body is written.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

const beacon = (extra: Record<string, string> = {}) => ({ 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE, ...extra });
const tooLarge = JSON.stringify({ ...homeView, ref: 'a'.repeat(3000) });

describe.each(engines())('events through the front door on $name', ({ env }) => {
  let site: TestSite;
  let port: number;

  const start = async (extra: Record<string, string> = {}) => {
    site = await startSite(env, extra);
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    port = (site.app.server.address() as AddressInfo).port;
  };
  afterEach(() => site.close());

  it('answers every kind of event exactly as the Fastify route does: status, body and headers', async () => {
    await start();
    const token = await adminToken(site.app);
    setClock(site.app, '2026-03-02T08:00:00Z');
    const post = await createPost(site.app, token, { title: 'Front door', body: 'Through it.' });
    setClock(site.app, '2026-03-02T09:00:00Z');
    const cases: Array<[string, Record<string, string>, string]> = [
      ['a view', beacon(), JSON.stringify({ ...homeView, ref: 'news.example' })],
      ['a post view', beacon(), JSON.stringify({ kind: 'view', path: `/blog/${post.slug}`, type: 'post', device: 'desktop' })],
      ['vitals', beacon(), JSON.stringify({ kind: 'vitals', path: '/', type: 'home', device: 'mobile', lcp: 1200, cls: 0.01 })],
      ['Do Not Track', beacon({ dnt: '1' }), JSON.stringify(homeView)],
      ['Global Privacy Control', beacon({ 'sec-gpc': '1' }), JSON.stringify(homeView)],
      ['a robot', beacon({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }), JSON.stringify(homeView)],
      ['no JSON', beacon(), 'not json'],
      ['an empty body', beacon(), ''],
      ['an array', beacon(), '[]'],
      ['an unknown path', beacon(), JSON.stringify({ ...homeView, path: '/wp-login.php' })],
      ['a post that does not exist', beacon(), JSON.stringify({ kind: 'view', path: '/blog/nothing-here', type: 'post', device: 'mobile' })],
      ['an undecodable path', beacon(), JSON.stringify({ ...homeView, path: '/%E0%A4%A' })],
      ['a wrong page type', beacon(), JSON.stringify({ ...homeView, type: 'blog' })],
      ['figures out of range', beacon(), JSON.stringify({ kind: 'vitals', path: '/', type: 'home', device: 'mobile', lcp: -1 })],
      ['a body over the limit', beacon(), tooLarge],
    ];
    const fronted: Seen[] = [];
    for (const [, headers, body] of cases) fronted.push(await rawPost(port, '/api/events', headers, [body]));
    // The same requests over the same wire, now all taken by Fastify's route.
    site.app.frontDoor.drain();
    for (const [index, [name, headers, body]] of cases.entries()) {
      const routed = await rawPost(port, '/api/events', headers, [body]);
      const seen = fronted[index]!;
      expect({ name, ...seen, headers: comparable(seen.headers) }).toEqual({ name, ...routed, headers: comparable(routed.headers) });
    }
    await site.app.insights.writer.flush();
    // Both ways counted the three accepted events: six views and vitals in all.
    expect(await site.app.insights.repository.count()).toBe(6);
    const week = await report(site.app, bearer(token));
    expect(week.referrers).toEqual([{ host: 'news.example', views: 2 }]);
  });

  it('refuses a chunked body past the limit without reading the rest, and serves the next connection', async () => {
    await start();
    const chunks = Array.from({ length: 64 }, () => 'x'.repeat(1024));
    const answer = await rawPost(port, '/api/events', beacon(), chunks);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: 'An event is at most 2048 bytes.' });
    expect(answer.headers.connection).toBe('close');
    expect((await rawPost(port, '/api/events', beacon(), [JSON.stringify(homeView)])).status).toBe(202);
  });

  it('counts the per-client limit by the forwarded address behind a proxy, with Retry-After', async () => {
    await start({ TRUST_PROXY: 'true' });
    const from = (address: string) => rawPost(port, '/api/events', beacon({ 'x-forwarded-for': address }), [JSON.stringify(homeView)]);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await from('203.0.113.9')).status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(120);
    const refused = await from('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({ message: 'Too many events from this address.' });
    // Another visitor is not held back by the first.
    expect((await from('203.0.113.10')).status).toBe(202);
  });

  it('leaves other content types and a draining instance to the route', async () => {
    await start();
    const json = await rawPost(port, '/api/events', { 'content-type': 'application/json', 'user-agent': PHONE }, [JSON.stringify(homeView)]);
    expect(json.status).toBe(202);
    const form = await rawPost(port, '/api/events', { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': PHONE }, ['a=1']);
    expect([form.status, JSON.parse(form.body)]).toEqual([400, { message: 'The event must be a JSON object.' }]);
    site.app.drain();
    const draining = await rawPost(port, '/api/events', beacon(), [JSON.stringify(homeView)]);
    expect(draining.status).toBe(202);
    // Fastify's hook says so, letting the kept-alive connection go.
    expect(draining.headers.connection).toBe('close');
  });

  it('leaves every event to the route when another origin may call the API, so that CORS headers come with it', async () => {
    await start({ CORS_ORIGINS: 'https://app.example' });
    const answer = await rawPost(port, '/api/events', beacon({ origin: 'https://app.example' }), [JSON.stringify(homeView)]);
    expect(answer.status).toBe(202);
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  it('answers 503 with Retry-After, both ways, while the limits store (Redis) is away', async () => {
    await start({ REDIS_URL: 'redis://127.0.0.1:1' });
    const fronted = await rawPost(port, '/api/events', beacon(), [JSON.stringify(homeView)]);
    site.app.frontDoor.drain();
    const routed = await rawPost(port, '/api/events', beacon(), [JSON.stringify(homeView)]);
    for (const answer of [fronted, routed]) {
      expect([answer.status, answer.headers['retry-after'], JSON.parse(answer.body)]).toEqual([503, '5', { message: 'Events are not counted for a moment.' }]);
    }
  });

  it('answers 503 with Retry-After while the database cannot be reached', async () => {
    await start();
    // Whether a post's page exists is the database's to say: that read fails as a dropped connection does.
    const failing = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const select = site.app.database.db.selectFrom.bind(site.app.database.db);
    site.app.database.db.selectFrom = (() => {
      throw failing;
    }) as unknown as typeof select;
    try {
      const answer = await rawPost(port, '/api/events', beacon(), [JSON.stringify({ kind: 'view', path: '/blog/some-post', type: 'post', device: 'mobile' })]);
      const routed = await sendEvent(site.app, { kind: 'view', path: '/blog/other-post', type: 'post', device: 'mobile' });
      expect({ status: answer.status, body: answer.body, retry: answer.headers['retry-after'] }).toEqual({ status: routed.statusCode, body: routed.body, retry: routed.headers['retry-after'] });
    } finally {
      site.app.database.db.selectFrom = select;
    }
  });
});
