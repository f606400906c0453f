// Page throughput: the production server with 100 posts, autocannon at 100 connections on /,
// /blog and a post, first served from the render cache, then with the cache off, against a
// bare node:http server answering the same bytes from memory in the same run (the ceiling of
// this machine). Target: from cache ≥ 0.6 of the ceiling.
import http from 'node:http';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { hammer, printTable } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 100;
const headers = { 'accept-encoding': 'br, gzip' };

async function seed(baseUrl) {
  const token = await adminToken(baseUrl);
  let slug;
  for (let i = 1; i <= 100; i++) {
    const post = await createPost(baseUrl, token, { title: `Studio notes ${i}: what we learned this week`, body: samplePostBody });
    slug ??= post.slug;
  }
  return slug;
}

/** The page as the server sends it to a browser: brotli bytes, undecoded. */
function fetchRaw(url) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

/** The same bytes the real server sent, from memory: what this machine can do at best. */
async function ceilingServer(pages) {
  const server = http.createServer((request, response) => {
    const page = pages.get(request.url);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': page.encoding, 'content-length': page.body.length });
    response.end(page.body);
  });
  await new Promise((resolve) => server.listen(3172, '127.0.0.1', resolve));
  return { url: 'http://127.0.0.1:3172', close: () => new Promise((resolve) => server.close(resolve)) };
}

const cached = await startBuiltServer({ port: 3170 });
const slug = await seed(cached.baseUrl);
const paths = ['/', '/blog', `/blog/${slug}`];
const rows = [];
const pages = new Map();
for (const path of paths) pages.set(path, await fetchRaw(cached.baseUrl + path));

const ceiling = await ceilingServer(pages);
for (const path of paths) {
  const label = path.startsWith('/blog/') ? '/blog/{slug}' : path;
  const top = await hammer(ceiling.url + path, { connections, duration, headers });
  const fromCache = await hammer(cached.baseUrl + path, { connections, duration, headers });
  rows.push({ label, mode: 'ceiling (node:http)', ...top, ratio: 1 });
  rows.push({ label, mode: 'render cache', ...fromCache, ratio: fromCache.requestsPerSecond / top.requestsPerSecond });
}
await cached.stop();
await ceiling.close();

// Same data folder, cache off: every request renders.
const uncached = await startBuiltServer({ port: 3171, dataDir: cached.dataDir, env: { PAGE_CACHE_SECONDS: '0' } });
for (const path of paths) {
  const label = path.startsWith('/blog/') ? '/blog/{slug}' : path;
  const rendered = await hammer(uncached.baseUrl + path, { connections, duration, headers });
  const top = rows.find((row) => row.label === label && row.mode.startsWith('ceiling'));
  rows.push({ label, mode: 'no cache (render)', ...rendered, ratio: rendered.requestsPerSecond / top.requestsPerSecond });
}
await uncached.stop();

rows.sort((a, b) => paths.indexOf(a.label) - paths.indexOf(b.label));
printTable(`Page throughput, ${connections} connections, ${duration} s each:`, rows, [
  ['page', (r) => r.label, 14],
  ['mode', (r) => r.mode, 22],
  ['req/s', (r) => Math.round(r.requestsPerSecond), 9],
  ['p50 ms', (r) => r.p50, 8],
  ['p99 ms', (r) => r.p99, 8],
  ['ratio', (r) => r.ratio.toFixed(2), 7],
  ['errors', (r) => r.errors + r.non2xx, 8],
]);
const misses = rows.filter((r) => r.mode === 'render cache' && r.ratio < 0.6);
console.log(misses.length ? `\nTarget missed (cache ≥ 0.6 of ceiling): ${misses.map((r) => r.label).join(', ')}` : '\nTarget met: every cached page ≥ 0.6 of the ceiling.');
