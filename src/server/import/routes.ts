import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { importFormSchema } from '../../shared/contract/imports';
import { documentBody } from '../http/api-document';
import { HttpError } from '../http/errors';
import { recordingSizes } from '../posts/image-sizes';
import { PostRepository } from '../posts/post-repository';
import { ImportJobs, type UploadedExport } from './import-jobs';
import { importStatusSchema, startImportSchema, uploadExportSchema } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** The import of a WordPress or Ghost export (docs/product.md#import). */
    imports: ImportJobs;
  }
}

/** An export of a large site: streamed to a file, never held in memory. */
const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

async function importServices(app: FastifyInstance): Promise<void> {
  const now = () => app.clock.now();
  const jobs = new ImportJobs(
    { database: app.database, repository: new PostRepository(app.database, now, app.config.siteUrl), images: recordingSizes(app.images, app.database.db), now, log: app.log },
    () => app.contentCache.invalidate(),
  );
  app.decorate('imports', jobs);
  app.addHook('onClose', () => jobs.close());
}

export const importPlugin = fp(importServices, { name: 'import', decorators: { fastify: ['database', 'clock', 'config', 'images', 'contentCache'] } });

/** The owner's calls (`/admin/import`), under /api, each with the bearer token. */
export async function importApi(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const jobs = app.imports;
  app.addHook('preHandler', app.authenticate);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 4, parts: 6, fieldSize: 4096 }, throwFileSizeLimit: true });

  app.post('/import', { schema: uploadExportSchema, config: { swaggerTransform: documentBody({ 'multipart/form-data': importFormSchema }) } }, async (request, reply) => {
    const upload = await receive(request);
    return reply.status(201).send(await jobs.dryRun(upload));
  });

  app.post('/import/:id/start', { schema: startImportSchema }, async (request, reply) => reply.status(202).send(await jobs.start(request.params.id)));

  app.get('/import/:id', { schema: importStatusSchema }, (request) => {
    const job = jobs.find(request.params.id);
    if (!job) throw new HttpError(404, 'No such import.');
    return job;
  });
}

/** The upload's files, streamed into a private temporary folder (removed on any refusal). */
async function receive(request: FastifyRequest): Promise<UploadedExport> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the export as multipart/form-data in the field "export".');
  const folder = await mkdtemp(path.join(tmpdir(), 'larkspur-import-'));
  const upload: UploadedExport = { folder, exportFile: '', archiveFile: null, siteUrl: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'export' && part.fieldname !== 'archive') throw new HttpError(400, `Unexpected file in field "${part.fieldname}"; send "export" and optionally "archive".`);
        const file = path.join(folder, part.fieldname);
        await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
        if (part.fieldname === 'export') upload.exportFile = file;
        else upload.archiveFile = file;
      } else if (part.fieldname === 'siteUrl') {
        upload.siteUrl = oldSiteAddress(String(part.value ?? ''));
      }
    }
    if (!upload.exportFile) throw new HttpError(400, 'Send the export file in the field "export".');
    return upload;
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `An upload is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    if (code?.startsWith('FST_')) throw new HttpError(400, 'The upload is not a form this call takes: send "export", optionally "archive" and "siteUrl".');
    throw error;
  }
}

function oldSiteAddress(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
    return url.origin + url.pathname.replace(/\/+$/, '');
  } catch {
    throw new HttpError(400, 'Old site address: give the full address, such as https://old-site.example.');
  }
}
