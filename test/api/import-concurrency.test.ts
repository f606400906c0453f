import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { ImportJob } from '../../src/shared/contract/imports';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { ExportedPost } from '../../src/server/import/export-model';
import { ImageSource } from '../../src/server/import/image-source';
import { Importer } from '../../src/server/import/importer';
import { recordingSizes } from '../../src/server/posts/image-sizes';
import { PostRepository } from '../../src/server/posts/post-repository';
import { engines } from '../support/engines';
import { adminToken, bearer, usePostsTestApp } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';
import { file, fixture, upload } from './import-helpers';

const POST: ExportedPost = {
  sourceKey: 'wordpress:https://old.example:7',
  title: 'Raced in',
  slug: 'raced-in',
  html: '<p>Two runs, one post.</p>',
  status: 'published',
  publishedAt: '2024-01-02T10:00:00.000Z',
  createdAt: '2024-01-02T10:00:00.000Z',
  tags: [],
  featureImage: null,
  oldPaths: ['/2024/01/02/raced-in/'],
};

/** An importer as a run builds one: its own image memory, the app's database. */
function importer(app: FastifyInstance): Importer {
  const now = () => app.clock.now();
  const deps = { database: app.database, repository: new PostRepository(app.database, now, app.config.siteUrl), images: recordingSizes(app.images, app.database.db), now, log: app.log };
  return new Importer(deps, new ImageSource({ siteUrl: null }));
}

describe.each(engines())('imports racing on $name', ({ env }) => {
  const app = usePostsTestApp(env);
  beforeEach(async () => {
    await app.app.database.db.deleteFrom('imported_posts').execute();
  });

  it('imports a post once when two runs import it at the same moment, and again once it was deleted', async () => {
    const outcomes = await Promise.all([importer(app.app).importPost(POST), importer(app.app).importPost(POST), importer(app.app).importPost(POST)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['existing', 'existing', 'imported']);
    const posts = await app.app.database.db.selectFrom('posts').select(['id', 'slug']).execute();
    expect(posts).toEqual([{ id: expect.any(String) as string, slug: 'raced-in' }]);
    const source = await app.app.database.db.selectFrom('imported_posts').select('post_id').execute();
    expect(source).toEqual([{ post_id: posts[0]!.id }]);

    await app.app.database.db.deleteFrom('posts').execute();
    expect(await importer(app.app).importPost(POST)).toEqual({ kind: 'imported', slug: 'raced-in' });
    expect(await importer(app.app).importPost(POST)).toEqual({ kind: 'existing' });
    expect(await app.app.database.db.selectFrom('posts').select('id').execute()).toHaveLength(1);
  });

  it('reads one upload at a time: a second one while the first is read answers 409 and leaves no file', async () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('larkspur-import-')).length;
    const fields = { export: file(fixture('wordpress-export.xml'), 'export.xml') };
    const answers = await Promise.all([upload(app.app, app.token, fields), upload(app.app, app.token, fields)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json<{ message: string }>().message).toMatch(/Another upload is being read/);
    await app.app.imports.close();
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith('larkspur-import-')).length).toBe(before);
  });
});

const url = process.env.DATABASE_URL;
(url ? describe : describe.skip)('imports on two instances of one PostgreSQL schema', () => {
  const env = { DATABASE_URL: url!, DATABASE_SCHEMA: `${process.env.TEST_SCHEMA_PREFIX ?? 'test_'}imp_${randomBytes(5).toString('hex')}`, SECRETS_KEY: randomBytes(32).toString('base64url') };
  const configs: Config[] = [];
  const apps: FastifyInstance[] = [];
  let server: Server;
  let release: () => void = () => undefined;
  beforeAll(async () => {
    // The old site's image answers when the test lets it: the first run stays running meanwhile.
    const held = new Promise<void>((resolve) => (release = resolve));
    server = createServer((_request, response) => void held.then(() => response.writeHead(404, { 'content-type': 'text/plain' }).end('gone')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    for (let i = 0; i < 2; i++) {
      configs.push(testConfig(env));
      apps.push(await buildApp(configs[i]!));
      apps[i]!.imports.allowLoopback = true;
    }
  }, 60_000);
  afterAll(async () => {
    release();
    await Promise.all(apps.map((app) => app.close()));
    configs.forEach(removeDataDir);
    await new Promise((resolve) => server.close(resolve));
  });

  it('runs one import at a time: a start on the other instance answers 409 while one runs', async () => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const wxr = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old</title><link>https://old.example</link><wp:base_site_url>https://old.example</wp:base_site_url>
<item><title>Slow</title><link>https://old.example/slow/</link><content:encoded><![CDATA[<p><img src="${origin}/slow.jpg" alt="x"></p>]]></content:encoded>
<wp:post_id>1</wp:post_id><wp:post_date_gmt>2024-01-02 10:00:00</wp:post_date_gmt><wp:post_name>slow</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>`);
    const tokens = [await adminToken(apps[0]!), await adminToken(apps[1]!)];
    const dry = await Promise.all(apps.map(async (app, i) => (await upload(app, tokens[i]!, { export: file(wxr, 'export.xml') })).json<ImportJob>()));
    const start = (i: number) => apps[i]!.inject({ method: 'POST', url: `/api/import/${dry[i]!._id}/start`, headers: bearer(tokens[i]!) });
    expect((await start(0)).statusCode).toBe(202);
    const second = await start(1);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toMatch(/running on another instance/);
    release();
    await apps[0]!.imports.settled();
    // Its dry run stays ready, and starts once the first is done.
    expect((await start(1)).statusCode).toBe(202);
    await apps[1]!.imports.settled();
  });
});
