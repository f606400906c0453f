// Scale: the same production server with 10 posts and then 10,000 (inserted straight into the
// database, not through 10,000 HTTP calls; a tenth are drafts and a tenth scheduled, as a blog
// with a publishing workflow has). Time and bytes of the blog, its last page, a post,
// the sitemap, the feed, one API page and the owner's list, counts and search, with the render
// cache off so every request does the work. Target: each within 1.2× of the 10-post figure,
// except what must read every post and so grows with them, which has a bound of its own: the
// sitemap under 1 s, the owner's counts under 20 ms, and the owner's search (a scan of titles and
// texts until posts have a search index) under 50 ms.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { printTable } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const SAMPLES = 50;
const WARM_UP = 20;

async function timeOnce([url, headers]) {
  const start = performance.now();
  const response = await fetch(url, { headers });
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

/** When an inserted post is (or will be) published: every tenth a draft, every tenth scheduled. */
const publishedAtFor = (i, at) => (i % 10 === 3 ? null : i % 10 === 7 ? '2099-01-01T09:00:00.000Z' : at);

/** Adds rows like the API would, in one transaction (created_at spread over the past). */
function insertPosts(dataDir, count, startIndex) {
  const db = new SQLite(path.join(dataDir, 'site.db'));
  const insert = db.prepare('INSERT INTO posts (id, title, content, slug, image_key, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)');
  const base = Date.parse('2020-01-01T00:00:00Z');
  let published = 0;
  db.transaction(() => {
    for (let i = startIndex; i < startIndex + count; i++) {
      const at = new Date(base + i * 60_000).toISOString();
      const publishedAt = publishedAtFor(i, at);
      if (publishedAt === at) published++;
      insert.run(`bulk-${i}`, `Archive post ${i}`, samplePostBody, `archive-post-${i}`, publishedAt, at, at);
    }
  })();
  db.close();
  return published;
}

const targets = ({ published, slug, token }) => {
  const owner = { authorization: `Bearer ${token}` };
  return [
    ['/blog', ['/blog']],
    ['/blog last page', [`/blog?page=${Math.ceil(published / 5)}`]],
    ['/blog/{slug}', [`/blog/${slug}`]],
    ['/sitemap.xml', ['/sitemap.xml']],
    ['/rss.xml', ['/rss.xml']],
    ['API page 1', ['/api/posts?page=1&limit=5']],
    ["owner's drafts", ['/api/posts?page=1&limit=5&status=draft', owner]],
    ["owner's counts", ['/api/post-counts', owner]],
    ["owner's search", ['/api/posts?page=1&limit=10&q=phone%20questions', owner]],
  ];
};

/** A server whose database holds `total` posts: one made through the API, the rest inserted directly. */
async function serverWith(total, port) {
  const server = await startBuiltServer({ port, env: { PAGE_CACHE_SECONDS: '0' } });
  const token = await adminToken(server.baseUrl);
  const { slug } = await createPost(server.baseUrl, token, { title: 'The post we measure', body: samplePostBody });
  // A draft of its own, so that the smaller blog has one too.
  await createPost(server.baseUrl, token, { title: 'A draft', body: samplePostBody, status: 'draft' });
  const published = 1 + insertPosts(server.dataDir, total - 2, 0);
  return { server, slug, token, published };
}

const small = await serverWith(10, 3180);
const large = await serverWith(10_000, 3181);
const rows = [];
try {
  const smallTargets = targets(small);
  const largeTargets = targets(large);
  for (const [index, [label, [target, headers]]] of smallTargets.entries()) {
    const [largeTarget, largeHeaders] = largeTargets[index][1];
    const result = await compare([small.server.baseUrl + target, headers], [large.server.baseUrl + largeTarget, largeHeaders]);
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
const bounds = { '/sitemap.xml': 1000, "owner's counts": 20, "owner's search": 50 };
const misses = rows.filter((r) => (r.label in bounds ? r.large.ms >= bounds[r.label] : r.ratio > 1.2));
console.log(
  misses.length
    ? `\nTarget missed: ${misses.map((r) => r.label).join(', ')}`
    : "\nTarget met: within 1.2×; the sitemap under 1 s, the owner's counts under 20 ms and search under 50 ms.",
);
