import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { MAX_IMAGE_BYTES } from '../storage/process-image';
import { ExportError } from './export-model';
import type { UploadsArchive } from './uploads-archive';

/** Where the old sites keep their images; the part after it is the file's path in an archive of that folder. */
const UPLOADS_FOLDERS = ['/wp-content/uploads/', '/content/images/'];
const DOWNLOAD_TIMEOUT_MS = 20_000;

/** Addresses an image is never fetched from: this machine and private networks. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16], ['100.64.0.0', 10], ['0.0.0.0', 8]] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10], ['::', 128]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

export interface ImageSourceOptions {
  /** The old site's address, for images named by a path. */
  siteUrl: string | null;
  archive?: UploadsArchive;
  /** Tests serve images from this machine over plain HTTP; nothing else may. */
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
    const loopbackHttp = this.options.allowLoopback && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
    if (url.protocol !== 'https:' && !loopbackHttp) throw new ExportError(`The image ${shorten(url.href)} is not at an https:// address; it is not downloaded. Upload the uploads folder as a zip instead.`);
    if (!this.options.allowLoopback) await refusePrivate(url);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    } catch {
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

async function refusePrivate(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) throw new ExportError(`The image ${shorten(url.href)} is on a host that does not resolve.`);
  for (const { address, family } of addresses) {
    if (PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4')) throw new ExportError(`The image ${shorten(url.href)} is on a private network address; it is not downloaded.`);
  }
}

function shorten(address: string): string {
  return address.length > 120 ? `${address.slice(0, 117)}...` : address;
}
