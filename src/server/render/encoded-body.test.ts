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
});

describe('EncodedBody', () => {
  it('compresses each way once, and each form decodes to the page', async () => {
    const body = new EncodedBody('<!DOCTYPE html><p>Grüße</p>'.repeat(50));
    const br = await body.get('br');
    expect(await body.get('br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(body.text);
    expect(zlib.gunzipSync(await body.get('gzip')).toString()).toBe(body.text);
    expect((await body.get('identity')).toString()).toBe(body.text);
  });
});
