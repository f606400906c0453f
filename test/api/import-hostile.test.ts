import type { Server } from 'node:http';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { ImportJob } from '../../src/shared/contract/imports';
import { engines } from '../support/engines';
import { bearer, usePostsTestApp } from '../support/posts-api';
import { file, fixture, importAll, oldSiteServer, upload } from './import-helpers';

/** One post whose only image is at `src`. */
const wxrWithImage = (src: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old</title><link>https://old.example</link><wp:base_site_url>https://old.example</wp:base_site_url>
<item><title>With an image</title><link>https://old.example/2024/01/02/with-an-image/</link>
<content:encoded><![CDATA[<p>Look:</p><p><img src="${src}" alt="x"></p>]]></content:encoded>
<wp:post_id>11</wp:post_id><wp:post_date_gmt>2024-01-02 10:00:00</wp:post_date_gmt><wp:post_name>with-an-image</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
<item><title>Plain</title><link>https://old.example/2024/01/03/plain/</link><content:encoded><![CDATA[<p>Fine.</p>]]></content:encoded>
<wp:post_id>12</wp:post_id><wp:post_date_gmt>2024-01-03 10:00:00</wp:post_date_gmt><wp:post_name>plain</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>`);

const BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>
<rss><channel><item><title>&lol2;</title></item></channel></rss>`;

describe.each(engines())('hostile imports refused on $name', ({ env }) => {
  const app = usePostsTestApp(env);
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    ({ server, origin } = await oldSiteServer({
      '/page.jpg': { type: 'text/html; charset=utf-8', body: Buffer.from('<!doctype html><p>Login</p>') },
      '/sneaky.jpg': { type: 'image/jpeg', body: Buffer.from('<html><body>not an image</body></html>') },
      '/huge.jpg': { type: 'image/jpeg', body: Buffer.alloc(6 * 1024 * 1024, 1) },
    }));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(async () => {
    app.app.imports.allowLoopback = false;
    await app.app.database.db.deleteFrom('imported_posts').execute();
  });

  const refused = async (fields: Parameters<typeof upload>[2], status: number, message: RegExp) => {
    const answer = await upload(app.app, app.token, fields);
    expect(answer.statusCode).toBe(status);
    expect(answer.json<{ message: string }>().message).toMatch(message);
    expect((await app.app.database.db.selectFrom('posts').select('id').execute()).length).toBe(0);
  };

  it.each([
    ['malformed XML', Buffer.from('<?xml version="1.0"?><rss><channel><item><title>Half'), /not well-formed XML/],
    ['an XML bomb', Buffer.from(BOMB), /DOCTYPE/],
    ['XML that is not an export', Buffer.from('<html><body>hi</body></html>'), /not a WordPress export/],
    ['JSON that is not a Ghost export', Buffer.from('{"hello": "world"}'), /not a Ghost export/],
    ['broken JSON', Buffer.from('{"db": ['), /does not parse/],
    ['a file of neither kind', Buffer.from('PK\u0003\u0004 binary'), /neither a WordPress export/],
  ])('refuses %s with 400 and a clear message', async (_case, data, message) => {
    await refused({ export: file(data, 'export.xml') }, 400, message);
  });

  it('refuses a zip whose paths leave its folder, and leaves no file behind', async () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('larkspur-import-')).length;
    await refused({ export: file(fixture('wordpress-export.xml'), 'export.xml'), archive: file(fixture('zip-slip.zip'), 'uploads.zip') }, 400, /path outside its folder/);
    await refused({ export: file(fixture('wordpress-export.xml'), 'export.xml'), archive: file(Buffer.from('not a zip'), 'uploads.zip') }, 400, /not a zip/);
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith('larkspur-import-')).length).toBe(before);
  });

  it('refuses uploads without the export, and callers without a token', async () => {
    await refused({ siteUrl: 'https://old.example' }, 400, /field "export"/);
    await refused({ export: file(fixture('wordpress-export.xml'), 'export.xml'), siteUrl: 'javascript:alert(1)' }, 400, /Old site address/);
    expect((await app.app.inject({ method: 'POST', url: '/api/import', payload: 'x', headers: { ...bearer(app.token), 'content-type': 'text/plain' } })).statusCode).toBe(415);
    expect((await app.app.inject({ method: 'POST', url: '/api/import' })).statusCode).toBe(401);
    expect((await app.app.inject({ method: 'GET', url: '/api/import/nope', headers: bearer(app.token) })).statusCode).toBe(404);
    expect((await app.app.inject({ method: 'POST', url: '/api/import/nope/start', headers: bearer(app.token) })).statusCode).toBe(404);
  });

  it.each([
    ['an image at a plain http:// address', (o: string) => `${o.replace('127.0.0.1', 'example.com')}/a.jpg`, false, /not at an https:\/\/ address/],
    ['an image on this machine', () => 'https://127.0.0.1/a.jpg', false, /private network/],
    ['an image address answering a web page', (o: string) => `${o}/page.jpg`, true, /web page, not an image/],
    ['an image address answering HTML as an image', (o: string) => `${o}/sneaky.jpg`, true, /web page, not an image/],
    ['an image larger than 5 MB', (o: string) => `${o}/huge.jpg`, true, /larger than 5 MB/],
    ['a missing image', (o: string) => `${o}/missing.jpg`, true, /answered 404/],
  ])('leaves out the whole post with %s, says why, and imports the rest', async (_case, src, loopback, message) => {
    app.app.imports.allowLoopback = loopback;
    const job = await importAll(app.app, app.token, { export: file(wxrWithImage(src(origin)), 'export.xml') });
    expect(job).toMatchObject({ state: 'done', imported: [{ title: 'Plain', slug: 'plain' }] });
    expect(job.failures).toEqual([{ post: 'With an image', message: expect.stringMatching(message) as string }]);
    const rows = await app.app.database.db.selectFrom('posts').select('slug').execute();
    expect(rows.map((row) => row.slug)).toEqual(['plain']);
    // Nothing of the post that failed: no redirect from its old address.
    expect((await app.app.inject({ method: 'GET', url: '/2024/01/02/with-an-image/' })).statusCode).toBe(404);
    await app.app.database.db.deleteFrom('posts').execute();
  });

  it('refuses a second start of one dry run', async () => {
    const dry = (await upload(app.app, app.token, { export: file(fixture('ghost-export.json'), 'ghost.json') })).json<ImportJob>();
    expect((await app.app.inject({ method: 'POST', url: `/api/import/${dry._id}/start`, headers: bearer(app.token) })).statusCode).toBe(202);
    const second = await app.app.inject({ method: 'POST', url: `/api/import/${dry._id}/start`, headers: bearer(app.token) });
    expect(second.statusCode).toBe(409);
    await app.app.imports.settled();
  });
});
