import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { publicPagePaths, routes } from '../../src/client/app/routes';
import { createPost, usePostsTestApp } from '../support/posts-api';

// The W3C Nu HTML Checker (vnu-jar) over the raw HTML the server sends for every kind of route:
// each marketing page, the blog's list, a post, a tag page, the search (empty and with a query),
// the not-found page, and the HTML shell of every page left to the browser.

const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');
const run = promisify(execFile);

jest.setTimeout(120_000);

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

async function checkHtml(files: string[]): Promise<VnuMessage[]> {
  // vnu exits non-zero when it reports errors; the JSON report is what matters either way.
  const result = await run('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--exit-zero-always', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => error,
  );
  const report = JSON.parse(result.stderr || result.stdout || '{"messages":[]}') as { messages: VnuMessage[] };
  return report.messages;
}

describe('the Nu HTML Checker over every route type', () => {
  const fixture = usePostsTestApp({});
  let folder: string;

  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('reports no error on any page', async () => {
    const image = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const post = await createPost(fixture.app, fixture.token, {
      title: 'Every element',
      body: '## A heading\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\nA footnote.[^1]\n\n![A chart](/images/share-card.png)\n\n[^1]: The note.',
      tags: 'Performance, Small Business',
      description: 'A post with every kind of element.',
      imageAlt: 'A blue rectangle',
      image: { data: image, filename: 'blue.png', type: 'image/png' },
    });
    const browserOnly = routes
      .filter((route) => route.render === 'browser')
      .map((route) => route.path.replace(':token', 'a-token').replace(':id', post._id).replace('*', 'no-such-page'));
    const paths = [
      ...publicPagePaths(),
      `/blog/${post.slug}`,
      '/blog/tag/performance',
      '/blog/search',
      '/blog/search?q=element',
      '/no-such-page',
      ...browserOnly,
    ];
    const files = await Promise.all(
      paths.map(async (url, index) => {
        const response = await fixture.app.inject({ method: 'GET', url });
        expect([url, response.headers['content-type']]).toEqual([url, expect.stringMatching(/^text\/html/)]);
        const file = path.join(folder, `${index}-${url.replace(/[^a-z0-9]+/gi, '_')}.html`);
        fs.writeFileSync(file, response.body);
        return file;
      }),
    );
    const errors = (await checkHtml(files)).map((message) => `${path.basename(message.url ?? '')}:${message.lastLine ?? '?'} ${message.message} «${message.extract ?? ''}»`);
    expect(errors).toEqual([]);
  });
});
