import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { ImportJob } from '../../shared/contract/imports';
import { onceAtATime } from '../db/advisory-lock';
import { HttpError } from '../http/errors';
import { ExportError, type ExportedPost, type ExportSummary } from './export-model';
import { readGhost } from './ghost-reader';
import { ImageSource } from './image-source';
import { Importer, type ImporterDeps } from './importer';
import { UploadsArchive } from './uploads-archive';
import { readWxr, type WxrIndex } from './wxr-reader';

/** The files of one upload, in a private temporary folder that goes with the job. */
export interface UploadedExport {
  folder: string;
  exportFile: string;
  archiveFile: string | null;
  siteUrl: string | null;
}

interface Job extends ImportJob {
  upload: UploadedExport;
  index: WxrIndex | undefined;
  /** Taken when the dry run is older than this: its files go. */
  expiresAt: number;
}

/** A dry run not imported within this is forgotten, with its files. */
const DRY_RUN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The import of this instance: one at a time (an upload made while one is read or runs is
 * refused), and one at a time across the instances sharing a PostgreSQL database (an advisory
 * lock held while it runs; a start while another instance's runs is refused). Its progress is
 * kept in memory for the page to poll, and the uploaded files live only as long as the job: a
 * restart forgets the job and its files, keeping the posts imported so far (each in its own
 * transaction); uploading the export again and running it adds the rest, nothing twice.
 */
export class ImportJobs {
  private current: Job | undefined;
  /** An upload's dry run is being read; a second one would drop its files. */
  private reading = false;
  /** The running import, until its lock is let go. */
  private background: Promise<void> | undefined;
  /** Tests serve images from this machine over plain HTTP. */
  allowLoopback = false;

  constructor(
    private readonly deps: ImporterDeps,
    private readonly onChange: () => Promise<void>,
  ) {}

  find(id: string): ImportJob | undefined {
    return this.current?._id === id ? view(this.current) : undefined;
  }

  /** The dry run: reads the whole export, imports nothing. */
  async dryRun(upload: UploadedExport): Promise<ImportJob> {
    if (this.current?.state === 'running' || this.reading) {
      const message = this.reading ? 'Another upload is being read; wait for its dry run.' : 'An import is running; wait until it is done.';
      await rm(upload.folder, { recursive: true, force: true });
      throw new HttpError(409, message);
    }
    this.reading = true;
    await this.forget();
    try {
      const { summary, index } = await this.read(upload, async () => undefined, undefined);
      const total = summary.posts + summary.drafts;
      this.current = { _id: randomUUID(), state: 'ready', summary, total, done: 0, imported: [], existing: 0, failures: [], error: null, upload, index, expiresAt: this.deps.now().getTime() + DRY_RUN_LIFETIME_MS };
      if (upload.archiveFile) (await UploadsArchive.open(upload.archiveFile)).close();
      return view(this.current);
    } catch (error) {
      await rm(upload.folder, { recursive: true, force: true });
      this.current = undefined;
      if (error instanceof ExportError) throw new HttpError(400, error.message);
      throw error;
    } finally {
      this.reading = false;
    }
  }

  /** Starts the import of the dry run `id`; answers once it holds the import's lock, the work goes on in the background. */
  async start(id: string): Promise<ImportJob> {
    const job = this.current;
    if (!job || job._id !== id || job.expiresAt < this.deps.now().getTime()) throw new HttpError(404, 'No such dry run; upload the export again.');
    if (job.state !== 'ready') throw new HttpError(409, job.state === 'running' ? 'This import is running already.' : 'This import has run; upload the export again to run it again.');
    job.state = 'running';
    let began: boolean;
    try {
      began = await this.begin(job);
    } catch (error) {
      job.state = 'ready';
      throw error;
    }
    if (!began) {
      job.state = 'ready';
      throw new HttpError(409, 'An import is running on another instance of the site; start this one when it is done.');
    }
    return view(job);
  }

  /** Runs the job in the background under the import's lock: true once it holds it, false when another instance does. */
  private begin(job: Job): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.background = onceAtATime(this.deps.database, 'import', async () => {
        resolve(true);
        await this.run(job);
      }).then(
        (outcome) => {
          if (!outcome.ran) resolve(false);
        },
        (error: unknown) => {
          reject(error);
          this.deps.log.error({ err: error }, 'the import lock failed');
        },
      );
    });
  }

  /** Waits for a running import (tests, and a closing app). */
  async settled(): Promise<void> {
    await this.background;
  }

  async close(): Promise<void> {
    await this.settled();
    await this.forget();
  }

  private async run(job: Job): Promise<void> {
    let archive: UploadsArchive | undefined;
    try {
      archive = job.upload.archiveFile ? await UploadsArchive.open(job.upload.archiveFile) : undefined;
      const source = new ImageSource({ siteUrl: job.upload.siteUrl ?? job.summary.siteUrl, ...(archive ? { archive } : {}), allowHttp: this.allowLoopback, allowLoopback: this.allowLoopback });
      const importer = new Importer(this.deps, source);
      let sinceChange = 0;
      await this.read(
        job.upload,
        async (post) => {
          const outcome = await importer.importPost(post);
          if (outcome.kind === 'imported') job.imported.push({ title: post.title, slug: outcome.slug });
          else if (outcome.kind === 'existing') job.existing++;
          else job.failures.push({ post: post.title, message: outcome.message });
          job.done++;
          // Visitors see the imported posts as they arrive, without a cache drop for each.
          if (outcome.kind === 'imported' && ++sinceChange >= 25) {
            sinceChange = 0;
            await this.onChange();
          }
        },
        job.index,
      );
      job.state = 'done';
    } catch (error) {
      job.state = 'failed';
      job.error = error instanceof ExportError ? error.message : 'The import stopped on an error of the server; the posts imported so far are kept, and running it again adds the rest.';
      if (!(error instanceof ExportError)) this.deps.log.error({ err: error }, 'the import failed');
    } finally {
      archive?.close();
      await rm(job.upload.folder, { recursive: true, force: true });
      await this.onChange().catch(() => undefined);
    }
  }

  private async read(upload: UploadedExport, onPost: (post: ExportedPost) => Promise<void>, index: WxrIndex | undefined): Promise<{ summary: ExportSummary; index?: WxrIndex }> {
    const kind = await sniff(upload.exportFile);
    if (kind === 'xml') return readWxr(upload.exportFile, onPost, index);
    if (kind === 'json') return { summary: await readGhost(upload.exportFile, upload.siteUrl, onPost) };
    throw new ExportError('The file is neither a WordPress export (XML) nor a Ghost export (JSON).');
  }

  private async forget(): Promise<void> {
    const old = this.current;
    this.current = undefined;
    if (old) await rm(old.upload.folder, { recursive: true, force: true });
  }
}

/** XML or JSON, from the first character that is not a byte-order mark or white space. */
async function sniff(file: string): Promise<'xml' | 'json' | undefined> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    const start = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    return start.startsWith('<') ? 'xml' : start.startsWith('{') ? 'json' : undefined;
  } finally {
    await handle.close();
  }
}

function view({ upload: _upload, index: _index, expiresAt: _expiresAt, ...job }: Job): ImportJob {
  return { ...job, imported: [...job.imported], failures: [...job.failures] };
}
