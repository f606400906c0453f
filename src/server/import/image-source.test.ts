import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ImageSource } from './image-source';

const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe('downloading an import’s images', () => {
  let server: Server;
  let port: number;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests++;
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': IMAGE.length }).end(IMAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    requests = 0;
  });

  it('downloads from this machine with the tests’ allowance (the server below answers)', async () => {
    const source = new ImageSource({ siteUrl: null, allowHttp: true, allowLoopback: true });
    expect(await source.get(`http://127.0.0.1:${port}/a.png`)).toEqual(IMAGE);
    expect(await source.get(`http://localhost:${port}/b.png`)).toEqual(IMAGE);
    expect(requests).toBe(2);
  });

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${port}/a.png`],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${port}/a.png`],
    ['IPv4-mapped IPv6 in hex', () => `http://[::ffff:7f00:1]:${port}/a.png`],
    ['NAT64 of 127.0.0.1', () => `http://[64:ff9b::7f00:1]:${port}/a.png`],
    ['6to4 of 127.0.0.1', () => `http://[2002:7f00:1::]:${port}/a.png`],
    ['a decimal 127.0.0.1', () => `http://2130706433:${port}/a.png`],
    ['a name resolving to this machine', () => `http://localhost:${port}/a.png`],
    ['the cloud’s metadata address', () => `http://169.254.169.254:${port}/latest`],
  ])('refuses %s without the allowance, and never connects', async (_case, address) => {
    const source = new ImageSource({ siteUrl: null, allowHttp: true });
    await expect(source.get(address())).rejects.toThrow(/private network address/);
    expect(requests).toBe(0);
  });

  it('refuses a plain http:// address without the allowance', async () => {
    const source = new ImageSource({ siteUrl: null });
    await expect(source.get(`http://example.com:${port}/a.png`)).rejects.toThrow(/not at an https:\/\/ address/);
  });
});
