import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The best encoding the client accepts: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality.trim()))
      .map(([name]) => name!.toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * A rendered page and its compressed forms, each made once when first asked for, so that a
 * cached page costs no compression on later requests.
 */
export class EncodedBody {
  private readonly variants = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly text: string) {}

  get(encoding: Encoding): Promise<Buffer> {
    let variant = this.variants.get(encoding);
    if (!variant) {
      const raw = Buffer.from(this.text, 'utf8');
      variant =
        encoding === 'br'
          ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })
          : encoding === 'gzip'
            ? gzip(raw, { level: 6 })
            : Promise.resolve(raw);
      this.variants.set(encoding, variant);
    }
    return variant;
  }
}

/** Sends a body in the encoding the client prefers; the caller sets status and type. */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(await body.get(encoding));
}
