// Scale: the same production server with 10 posts and then 10,000 (inserted straight into the
// database, not through 10,000 HTTP calls). Time and bytes of the blog, its last page, a post,
// the sitemap, the feed and one API page, with the render cache off so every request does the
// work. Target: each within 1.2× of the 10-post figure, except the sitemap (grows with the posts,
// must stay under 1 s).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { printTable } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const SAMPLES = 50;
const WARM_UP = 20;

async function timeOnce(url) {
  const start = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms, bytes: body.byteLength };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One request of each size in turn, so that whatever the machine does meanwhile (and the code
 * still being optimised) falls on both alike; the first requests of each kind are not measured.
 */
async function compare(smallUrl, largeUrl) {
  for (let i = 0; i < WARM_UP; i++) {
    await timeOnce(smallUrl);
    await timeOnce(largeUrl);
  }
  const small = [];
  const large = [];
  for (let i = 0; i < SAMPLES; i++) {
    small.push(await timeOnce(smallUrl));
    large.push(await timeOnce(largeUrl));
  }
  return {
    small: { ms: median(small.map((r) => r.ms)), bytes: small.at(-1).bytes },
    large: { ms: median(large.map((r) => r.ms)), bytes: large.at(-1).bytes },
  };
}

/** Adds rows like the API would, in one transaction (created_at spread over the past). */
function insertPosts(dataDir, count, startIndex) {
  const db = new SQLite(path.join(dataDir, 'site.db'));
  const insert = db.prepare('INSERT INTO posts (id, title, content, slug, image_key, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?)');
  const base = Date.parse('2020-01-01T00:00:00Z');
  db.transaction(() => {
    for (let i = startIndex; i < startIndex + count; i++) {
      const at = new Date(base + i * 60_000).toISOString();
      insert.run(`bulk-${i}`, `Archive post ${i}`, samplePostBody, `archive-post-${i}`, at, at);
    }
  })();
  db.close();
}

const targets = (total, slug) => [
  ['/blog', '/blog'],
  ['/blog last page', `/blog?page=${Math.ceil(total / 5)}`],
  ['/blog/{slug}', `/blog/${slug}`],
  ['/sitemap.xml', '/sitemap.xml'],
  ['/rss.xml', '/rss.xml'],
  ['API page 1', '/api/posts?page=1&limit=5'],
];

/** A server whose database holds `total` posts: one made through the API, the rest inserted directly. */
async function serverWith(total, port) {
  const server = await startBuiltServer({ port, env: { PAGE_CACHE_SECONDS: '0' } });
  const token = await adminToken(server.baseUrl);
  const { slug } = await createPost(server.baseUrl, token, { title: 'The post we measure', body: samplePostBody });
  insertPosts(server.dataDir, total - 1, 0);
  return { server, slug };
}

const small = await serverWith(10, 3180);
const large = await serverWith(10_000, 3181);
const rows = [];
try {
  const smallTargets = targets(10, small.slug);
  const largeTargets = targets(10_000, large.slug);
  for (const [index, [label, target]] of smallTargets.entries()) {
    const result = await compare(small.server.baseUrl + target, large.server.baseUrl + largeTargets[index][1]);
    rows.push({ label, ...result, ratio: result.large.ms / result.small.ms });
  }
} finally {
  await small.server.stop();
  await large.server.stop();
}

printTable(`Scale, median of ${SAMPLES} requests of each size in turn after ${WARM_UP} unmeasured, render cache off:`, rows, [
  ['request', (r) => r.label, 18],
  ['10 posts', (r) => `${r.small.ms.toFixed(1)} ms`, 12],
  ['bytes', (r) => r.small.bytes, 9],
  ['10,000 posts', (r) => `${r.large.ms.toFixed(1)} ms`, 14],
  ['bytes', (r) => r.large.bytes, 10],
  ['ratio', (r) => r.ratio.toFixed(2), 7],
]);
const misses = rows.filter((r) => (r.label === '/sitemap.xml' ? r.large.ms >= 1000 : r.ratio > 1.2));
console.log(misses.length ? `\nTarget missed: ${misses.map((r) => r.label).join(', ')}` : '\nTarget met: within 1.2× (sitemap under 1 s).');
