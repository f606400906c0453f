import zlib from 'node:zlib';
import { EncodedBody, pickEncoding } from './encoded-body';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('BR')).toBe('br');
  });

  it('follows the q-values the client gives, and takes * for anything', () => {
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0.5')).toBe('br');
    expect(pickEncoding('gzip;q=0.5, identity')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
  });

  it('still answers when the client refuses everything or sends nonsense', () => {
    expect(pickEncoding('*;q=0')).toBe('identity');
    expect(pickEncoding('identity;q=0')).toBe('identity');
    for (const nonsense of ['', ',,,', ';q=1', 'br;q=abc', 'gzip;;q', '"br"', 'br;q=1;q=0', '\u0000']) {
      expect(['br', 'gzip', 'identity']).toContain(pickEncoding(nonsense));
    }
  });
});

describe.each([
  ['kept in a cache', false],
  ['sent once', true],
])('EncodedBody %s', (_name, once) => {
  it('compresses each way once, and each form decodes to the page', async () => {
    const body = new EncodedBody('<!DOCTYPE html><p>Grüße</p>'.repeat(50), once);
    const br = await body.get('br');
    expect(await body.get('br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(body.text);
    expect(zlib.gunzipSync(await body.get('gzip')).toString()).toBe(body.text);
    expect((await body.get('identity')).toString()).toBe(body.text);
  });
});

describe('EncodedBody.ready', () => {
  it('has a form at hand only once it has been made, and then the same bytes get gives', async () => {
    const body = new EncodedBody('<p>made once</p>'.repeat(50));
    expect(body.ready('br')).toBeUndefined();
    const made = await body.get('br');
    expect(body.ready('br')).toBe(made);
    expect(body.ready('gzip')).toBeUndefined();
  });
});
