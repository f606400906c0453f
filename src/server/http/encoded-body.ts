import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const OFFERED: readonly Encoding[] = ['br', 'gzip', 'identity'];

/** What negotiator 1 takes and its type definitions do not yet declare: our order breaks ties of q. */
type EncodingNegotiator = { encoding(available: readonly Encoding[], options: { preferred: readonly Encoding[] }): Encoding | undefined };

/**
 * The encoding the client prefers by q-value, brotli before gzip before none when it likes them
 * equally. A client that refuses even identity still gets it: a page is better than a 406.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as EncodingNegotiator;
  return negotiator.encoding(OFFERED, { preferred: OFFERED }) ?? 'identity';
}

/** Brotli's quality for a body kept and sent many times, and for one sent once (5 costs twice 4's time for 5 % fewer bytes). */
const KEPT_QUALITY = 5;
const ONCE_QUALITY = 4;

/**
 * A rendered page and its compressed forms, each made once when first asked for, so that a
 * cached page costs no compression on later requests. A body that no cache keeps (`once`: the
 * page cache is off, or the page is not kept) is compressed faster, since no later request
 * shares the cost.
 */
export class EncodedBody {
  private readonly variants = new Map<Encoding, Promise<Buffer>>();
  /** The variants made so far, for an answer that cannot wait on a promise. */
  private readonly made = new Map<Encoding, Buffer>();

  constructor(
    readonly text: string,
    private readonly once = false,
  ) {}

  /** The text's size in UTF-8, which is what caches count it by. */
  get byteLength(): number {
    return Buffer.byteLength(this.text, 'utf8');
  }

  get(encoding: Encoding): Promise<Buffer> {
    let variant = this.variants.get(encoding);
    if (!variant) {
      const raw = Buffer.from(this.text, 'utf8');
      variant = encoding === 'br' ? brotli(raw, { params: this.brotliParams(raw.byteLength) }) : encoding === 'gzip' ? gzip(raw, { level: 6 }) : Promise.resolve(raw);
      this.variants.set(encoding, variant);
      variant.then(
        (bytes) => this.made.set(encoding, bytes),
        () => undefined,
      );
    }
    return variant;
  }

  /** The variant for `encoding` if it has been made (by an earlier `get`), else undefined. */
  ready(encoding: Encoding): Buffer | undefined {
    return this.made.get(encoding);
  }

  private brotliParams(size: number) {
    const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
    // The size hint lets brotli fit its window to the page (by default it takes 4 MB whatever
    // the input): the same bytes, in less time and memory.
    return { [BROTLI_PARAM_QUALITY]: this.once ? ONCE_QUALITY : KEPT_QUALITY, [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_SIZE_HINT]: size };
  }
}

/** Sends a body in the encoding the client prefers; the caller sets status and type. */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(await body.get(encoding));
}
