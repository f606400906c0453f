import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { publicPagePaths, routes } from '../../src/client/app/routes';
import { toolOrSkip } from '../support/required-tools';
import { adminToken, createPost, deleteAllPosts, sampleImage } from './blog-fixtures';

// The W3C Nu HTML Checker (vnu-jar) over the HTML the production build's server sends, as a
// browser receives it: what the build inlines (the hero's data: URL) and what only the server
// adds are all in it. Every kind of route: each marketing page, the blog's list, a post, a tag
// page, the search (empty and with a query), the not-found page, and the HTML shell of every page
// left to the browser. Without Java the test is skipped, saying why; CI_REQUIRE_TOOLS=1 fails it.

const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');
const run = promisify(execFile);
const javaMissing = toolOrSkip('Java', 'java', 'apt-get install default-jre-headless');

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

async function checkHtml(files: string[]): Promise<VnuMessage[]> {
  // vnu reports on stderr as JSON; the report is what matters, whatever the exit code.
  const result = await run('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--exit-zero-always', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => error,
  );
  const report = JSON.parse(result.stderr || result.stdout || '{"messages":[]}') as { messages: VnuMessage[] };
  return report.messages;
}

test('the Nu HTML Checker reports no error on any page the built server sends', async ({ request }) => {
  test.skip(javaMissing !== undefined, javaMissing);
  test.setTimeout(120_000);
  const token = await adminToken();
  await deleteAllPosts(request, token);
  const post = await createPost(request, token, {
    title: 'Every element',
    body: '## A heading\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\nA footnote.[^1]\n\n![A chart](/images/share-card.png)\n\n[^1]: The note.',
    tags: 'Performance, Small Business',
    description: 'A post with every kind of element.',
    imageAlt: 'A blue rectangle',
    image: await sampleImage(),
  });
  const browserOnly = routes
    .filter((route) => route.render === 'browser')
    .map((route) => route.path.replace(':token', 'a-token').replace(':id', post._id).replace('*', 'no-such-page'));
  const paths = [...publicPagePaths(), '/blog', `/blog/${post.slug}`, '/blog/tag/performance', '/blog/search', '/blog/search?q=element', '/portfolio/harbourline-bakery', '/no-such-page', ...browserOnly];

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  try {
    // One at a time: the server bounds the renders waiting in line, and answers 503 past them.
    const files: string[] = [];
    for (const url of new Set(paths)) {
      const response = await request.get(url);
      expect([url, response.headers()['content-type']]).toEqual([url, expect.stringMatching(/^text\/html/)]);
      const file = path.join(folder, `${files.length}-${url.replace(/[^a-z0-9]+/gi, '_')}.html`);
      fs.writeFileSync(file, await response.body());
      files.push(file);
    }
    // The home page carries the hero illustration inline, as only the build makes it.
    expect(fs.readFileSync(files[0]!, 'utf8')).toContain('src="data:image/svg+xml,');
    const errors = (await checkHtml(files)).map((message) => `${path.basename(message.url ?? '')}:${message.lastLine ?? '?'} ${message.message} «${(message.extract ?? '').slice(0, 200)}»`);
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
