import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Dispatcher, Response } from 'undici';
import { MAX_IMAGE_BYTES } from '../storage/process-image';
import { ExportError } from './export-model';
import type { UploadsArchive } from './uploads-archive';

/** Where the old sites keep their images; the part after it is the file's path in an archive of that folder. */
const UPLOADS_FOLDERS = ['/wp-content/uploads/', '/content/images/'];
const DOWNLOAD_TIMEOUT_MS = 20_000;

/**
 * Whether an image may be fetched from an address: only from the public internet. ipaddr.js names
 * every other range (loopback, private, link-local, unique local, carrier-grade NAT, multicast,
 * and the IPv6 forms that carry an IPv4 address: mapped, NAT64, 6to4, Teredo), and `process`
 * reads `::ffff:127.0.0.1` as the IPv4 address it is.
 */
function isPublic(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
}

class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
}

/**
 * Connections that check the addresses the name resolves to as they connect, every time: a check
 * made before the fetch would let the name resolve again, to this machine, for the connection
 * (DNS rebinding). Any private address among the answers refuses the lot.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || !addresses.every(({ address }) => isPublic(address))) return callback(new PrivateAddressError(hostname), []);
    // Node asks for every address when it may try them in turn (autoSelectFamily), else for one.
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

interface Downloader {
  fetch: typeof import('undici').fetch;
  publicOnly: Dispatcher;
  /** The tests' own servers, on this machine. */
  anywhere: Dispatcher;
}

let downloader: Promise<Downloader> | undefined;

/**
 * undici, loaded with the first download: the client's test suites build the whole app in jsdom,
 * which lacks globals undici's fetch reads as it loads (MessagePort).
 */
function loadDownloader(): Promise<Downloader> {
  downloader ??= import('undici').then(({ Agent, fetch }) => ({ fetch, publicOnly: new Agent({ connect: { lookup: publicOnlyLookup } }), anywhere: new Agent() }));
  return downloader;
}

export interface ImageSourceOptions {
  /** The old site's address, for images named by a path. */
  siteUrl: string | null;
  archive?: UploadsArchive;
  /** Tests serve images over plain HTTP; nothing else may. */
  allowHttp?: boolean;
  /** Tests serve images from this machine; nothing else may. */
  allowLoopback?: boolean;
}

/**
 * The bytes of an image an export names: from the uploaded archive of the uploads folder when it
 * holds the file, else downloaded from its https:// address (never this machine or a private
 * network, at most an image's size, and a web page where an image should be is refused).
 */
export class ImageSource {
  constructor(private readonly options: ImageSourceOptions) {}

  async get(address: string): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(address, this.options.siteUrl ?? undefined);
    } catch {
      throw new ExportError(`The image address ${shorten(address)} is not a full address; give the old site's address so it can be found.`);
    }
    const fromArchive = this.fromArchive(url);
    if (fromArchive) return fromArchive;
    return this.download(url);
  }

  private fromArchive(url: URL): Promise<Buffer> | undefined {
    const archive = this.options.archive;
    if (!archive) return undefined;
    const path = decodeURIComponent(url.pathname);
    const folder = UPLOADS_FOLDERS.find((prefix) => path.includes(prefix));
    const entry = archive.find(folder ? path.slice(path.indexOf(folder) + folder.length) : path);
    return entry && archive.read(entry);
  }

  private async download(url: URL): Promise<Buffer> {
    const http = this.options.allowHttp && url.protocol === 'http:';
    if (url.protocol !== 'https:' && !http) throw new ExportError(`The image ${shorten(url.href)} is not at an https:// address; it is not downloaded. Upload the uploads folder as a zip instead.`);
    // A connection to an address written in the URL resolves nothing, so the agent never sees it.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.options.allowLoopback && isIP(literal) && !isPublic(literal)) throw privateAddress(url);
    const { fetch, publicOnly, anywhere } = await loadDownloader();
    let response: Response;
    try {
      response = await fetch(url, { dispatcher: this.options.allowLoopback ? anywhere : publicOnly, redirect: 'error', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    } catch (error) {
      if (causes(error).some((cause) => cause instanceof PrivateAddressError)) throw privateAddress(url);
      throw new ExportError(`The image ${shorten(url.href)} could not be downloaded (no answer, or it moved elsewhere).`);
    }
    if (!response.ok) throw new ExportError(`The image ${shorten(url.href)} answered ${response.status} instead of an image.`);
    const type = response.headers.get('content-type') ?? '';
    if (/html|xml|text\//i.test(type)) {
      await response.body?.cancel();
      throw new ExportError(`The image ${shorten(url.href)} answered with a web page, not an image.`);
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES) {
      await response.body?.cancel();
      throw new ExportError(`The image ${shorten(url.href)} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) throw new ExportError(`The image ${shorten(url.href)} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
      chunks.push(chunk);
    }
    const data = Buffer.concat(chunks);
    if (/^\s*</.test(data.subarray(0, 64).toString('latin1'))) throw new ExportError(`The image ${shorten(url.href)} answered with a web page, not an image.`);
    return data;
  }
}

function privateAddress(url: URL): ExportError {
  return new ExportError(`The image ${shorten(url.href)} is on a private network address; it is not downloaded.`);
}

/** An error and the errors it wraps: fetch reports a refused connection as a TypeError caused by it. */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (let next = error; next !== undefined && found.length < 5; next = (next as { cause?: unknown } | null)?.cause) found.push(next);
  return found;
}

function shorten(address: string): string {
  return address.length > 120 ? `${address.slice(0, 117)}...` : address;
}
