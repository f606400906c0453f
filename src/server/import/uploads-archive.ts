import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { MAX_IMAGE_BYTES } from '../storage/process-image';
import { ExportError } from './export-model';

/** Entries an archive of an uploads folder may hold; past it the archive is refused. */
const MAX_ENTRIES = 100_000;

/**
 * A zip of the old site's uploads folder (WordPress's wp-content/uploads, Ghost's
 * content/images). Every name is checked when it opens: one that is absolute or climbs out of
 * the folder (`../`) refuses the whole archive, since an archive made that way was made to
 * write elsewhere. Files are read one at a time, at most an image's size each.
 */
export class UploadsArchive {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async open(file: string): Promise<UploadsArchive> {
    const zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, opened) => (error ? reject(error) : resolve(opened))),
    ).catch(() => {
      throw new ExportError('The uploads archive is not a zip file.');
    });
    const entries = new Map<string, Entry>();
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: Entry) => {
          const name = entry.fileName.replace(/\\/g, '/');
          if (name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..')) {
            reject(new ExportError(`The uploads archive holds a path outside its folder (${name.slice(0, 200)}); it is refused.`));
            return;
          }
          if (entries.size >= MAX_ENTRIES) {
            reject(new ExportError(`The uploads archive holds more than ${MAX_ENTRIES} files.`));
            return;
          }
          if (!name.endsWith('/')) entries.set(name, entry);
          zip.readEntry();
        });
        zip.on('end', () => resolve());
        zip.on('error', (error: Error) =>
          // yauzl checks the names too, and may be first to find one that climbs out.
          reject(new ExportError(/relative path|absolute path/.test(error.message) ? `The uploads archive holds a path outside its folder (${error.message.replace(/^.*?path: /, '').slice(0, 200)}); it is refused.` : `The uploads archive cannot be read: ${error.message}`)),
        );
        zip.readEntry();
      });
    } catch (error) {
      zip.close();
      throw error;
    }
    return new UploadsArchive(zip, entries);
  }

  /** The file for an image's address: the entry whose path ends with the part after the uploads folder. */
  find(relative: string): Entry | undefined {
    const wanted = relative.replace(/^\/+/, '');
    const exact = this.entries.get(wanted);
    if (exact) return exact;
    for (const [name, entry] of this.entries) if (name.endsWith(`/${wanted}`)) return entry;
    return undefined;
  }

  async read(entry: Entry): Promise<Buffer> {
    if (entry.uncompressedSize > MAX_IMAGE_BYTES) throw new ExportError(`${entry.fileName} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
    const stream = await new Promise<Readable>((resolve, reject) => this.zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))));
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > MAX_IMAGE_BYTES) {
        stream.destroy();
        throw new ExportError(`${entry.fileName} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}
