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

const SAMPLES = 30;

async function timeRequest(url) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    const response = await fetch(url);
    const body = await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], bytes };
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

async function measure(baseUrl, total, slug) {
  const lastPage = Math.ceil(total / 5);
  const targets = [
    ['/blog', '/blog'],
    ['/blog last page', `/blog?page=${lastPage}`],
    ['/blog/{slug}', `/blog/${slug}`],
    ['/sitemap.xml', '/sitemap.xml'],
    ['/rss.xml', '/rss.xml'],
    ['API page 1', '/api/posts?page=1&limit=5'],
  ];
  const results = {};
  for (const [label, target] of targets) results[label] = await timeRequest(baseUrl + target);
  return results;
}

const server = await startBuiltServer({ port: 3180, env: { PAGE_CACHE_SECONDS: '0' } });
let small;
let large;
let slug;
try {
  const token = await adminToken(server.baseUrl);
  // One post through the API (with everything the API does), the rest inserted directly.
  slug = (await createPost(server.baseUrl, token, { title: 'The post we measure', body: samplePostBody })).slug;
  insertPosts(server.dataDir, 9, 0);
  small = await measure(server.baseUrl, 10, slug);
  insertPosts(server.dataDir, 9_990, 9);
  large = await measure(server.baseUrl, 10_000, slug);
} finally {
  await server.stop();
}

const rows = Object.keys(small).map((label) => ({ label, small: small[label], large: large[label], ratio: large[label].ms / small[label].ms }));
printTable(`Scale, median of ${SAMPLES} sequential requests, render cache off:`, rows, [
  ['request', (r) => r.label, 18],
  ['10 posts', (r) => `${r.small.ms.toFixed(1)} ms`, 12],
  ['bytes', (r) => r.small.bytes, 9],
  ['10,000 posts', (r) => `${r.large.ms.toFixed(1)} ms`, 14],
  ['bytes', (r) => r.large.bytes, 10],
  ['ratio', (r) => r.ratio.toFixed(2), 7],
]);
const misses = rows.filter((r) => (r.label === '/sitemap.xml' ? r.large.ms >= 1000 : r.ratio > 1.2));
console.log(misses.length ? `\nTarget missed: ${misses.map((r) => r.label).join(', ')}` : '\nTarget met: within 1.2× (sitemap under 1 s).');
