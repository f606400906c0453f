import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ImportJob } from '../../src/shared/contract/imports';
import { bearer, multipart, type FormValue } from '../support/posts-api';

const FIXTURES = path.join(__dirname, '../fixtures/import');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** The old site's images, served over HTTP on this machine (the import allows it in tests only). */
export async function oldSiteServer(files: Record<string, { type: string; body: Buffer }>): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) return response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    response.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function upload(app: FastifyInstance, token: string, fields: Record<string, FormValue>) {
  const { payload, headers } = await multipart(fields);
  return app.inject({ method: 'POST', url: '/api/import', payload, headers: { ...headers, ...bearer(token) } });
}

/** Uploads, runs the import and waits for it: the finished job. */
export async function importAll(app: FastifyInstance, token: string, fields: Record<string, FormValue>): Promise<ImportJob> {
  const dry = await upload(app, token, fields);
  if (dry.statusCode !== 201) throw new Error(`dry run refused: ${dry.statusCode} ${dry.body}`);
  const started = await app.inject({ method: 'POST', url: `/api/import/${dry.json<ImportJob>()._id}/start`, headers: bearer(token) });
  if (started.statusCode !== 202) throw new Error(`start refused: ${started.statusCode} ${started.body}`);
  await app.imports.settled();
  return (await app.inject({ method: 'GET', url: `/api/import/${dry.json<ImportJob>()._id}`, headers: bearer(token) })).json<ImportJob>();
}

export const file = (data: Buffer, filename: string, type = 'application/octet-stream'): FormValue => ({ data, filename, type });
