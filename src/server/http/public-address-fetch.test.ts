import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { isPublicAddress, publicDispatcher, publicFetch, refusedAsNonPublic, type Lookup } from './public-address-fetch';

describe('fetching from public addresses only', () => {
  let server: http.Server;
  let port = 0;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/hop') return void response.writeHead(302, { location: `http://inside.example:${port}/ok` }).end();
      response.writeHead(200, { 'content-type': 'text/plain' }).end('reached');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => void hits.splice(0));

  /** Why a fetch failed: refused by the address check, or something else. */
  const outcome = (request: Promise<{ text(): Promise<string> }>) =>
    request.then(
      (response) => response.text(),
      (error: unknown) => (refusedAsNonPublic(error) ? 'refused' : `failed: ${String(error)}`),
    );

  it('refuses the loopback address without the allowance, and reaches it with it', async () => {
    expect(await outcome(publicFetch(`http://127.0.0.1:${port}/ok`))).toBe('refused');
    expect(hits).toEqual([]);
    expect(await outcome(publicFetch(`http://127.0.0.1:${port}/ok`, {}, { allowLoopback: true }))).toBe('reached');
  });

  it('refuses a name that resolves to loopback (localhost), and one a resolver points at a private address', async () => {
    expect(await outcome(publicFetch(`http://localhost:${port}/ok`))).toBe('refused');
    // A name that first resolved publicly and now answers 127.0.0.1 (DNS rebinding) is judged by this answer.
    const rebound: Lookup = (_name, options, callback) => (options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4));
    expect(await outcome(fetch(`http://calendar.example:${port}/ok`, { dispatcher: await publicDispatcher({ lookup: rebound }) }))).toBe('refused');
    const privateNet: Lookup = (_name, options, callback) => (options.all ? callback(null, [{ address: '10.0.0.7', family: 4 }]) : callback(null, '10.0.0.7', 4));
    // Even with the loopback allowance a private network stays out of reach.
    expect(await outcome(fetch(`http://calendar.example:${port}/ok`, { dispatcher: await publicDispatcher({ allowLoopback: true, lookup: privateNet }) }))).toBe('refused');
    expect(hits).toEqual([]);
  });

  it('refuses IPv6 loopback and an IPv4-mapped loopback written in the address', async () => {
    for (const host of ['[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]']) {
      expect(await outcome(publicFetch(`http://${host}:${port}/ok`))).toBe('refused');
    }
    expect(hits).toEqual([]);
  });

  it('checks the address of every hop: a redirect to a name resolving to a private address is refused', async () => {
    const lookup: Lookup = (name, options, callback) => {
      const address = name === 'inside.example' ? '10.0.0.7' : '127.0.0.1';
      return options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4);
    };
    const dispatcher = await publicDispatcher({ allowLoopback: true, lookup });
    expect(await outcome(fetch(`http://calendar.example:${port}/hop`, { dispatcher }))).toBe('refused');
    expect(hits).toEqual(['/hop']);
  });

  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['not an address', false],
    ['93.184.215.14', true],
    ['2606:4700::6810:84e5', true],
    ['::ffff:93.184.215.14', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
