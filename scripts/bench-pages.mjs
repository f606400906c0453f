// Page throughput: the production server with 100 posts, autocannon at 100 connections on /,
// /blog and a post, first served from the render cache, then with the cache off (at 32, the
// line of renders the server holds), against a
// bare node:http server in its own process answering the same bytes from memory in the same
// run (the ceiling of this machine). Targets: from cache ≥ 0.8 of the ceiling; rendered (no
// cache) a post ≥ 400 req/s with p99 under 1 s, the list and home as fast, and the server's
// memory once idle again within 1.5× of what it was before the renders.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { hammer, printTable } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 100;
/**
 * Uncached, as many connections as the server's line of renders holds (4 rendering, 32 waiting:
 * cache/content-cache.ts): beyond it a render is refused with 503 at once, by design, and the
 * rows would count refusals rather than renders.
 */
const renderConnections = 32;
const headers = { 'accept-encoding': 'br, gzip' };

/** A process's processor time so far, user and system, in milliseconds (Linux). */
function cpuMilliseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** The kernel's clock ticks a second (`getconf CLK_TCK`), 100 on Linux. */
const CLOCK_TICKS = 100;

/** A process's resident memory (Linux), in bytes. */
function residentBytes(pid) {
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kilobytes ? Number(kilobytes[1]) * 1024 : NaN;
}

async function seed(baseUrl) {
  const token = await adminToken(baseUrl);
  let slug;
  for (let i = 1; i <= 100; i++) {
    const post = await createPost(baseUrl, token, { title: `Studio notes ${i}: what we learned this week`, body: samplePostBody });
    slug ??= post.slug;
  }
  return slug;
}

/** The page as the server sends it to a browser: headers and brotli bytes, undecoded. */
function fetchRaw(url) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const kept = Object.entries(response.headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name));
        resolve({ headers: Object.fromEntries(kept), body: Buffer.concat(chunks).toString('base64') });
      });
    }).on('error', reject);
  });
}

/**
 * The same bytes the real server sent (headers and body), from memory, by a bare node:http
 * server in its own process as the real server is: what this machine can do at best.
 */
async function ceilingServer(pages) {
  const file = path.join(os.tmpdir(), `bench-pages-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries(pages)));
  const source = `
    const pages = new Map(Object.entries(JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8')))
      .map(([url, page]) => [url, { headers: page.headers, body: Buffer.from(page.body, 'base64') }]));
    require('http').createServer((request, response) => {
      const page = pages.get(request.url);
      response.writeHead(200, page.headers);
      response.end(page.body);
    }).listen(3172, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = 'http://127.0.0.1:3172';
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${url}/`).then(() => true, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    close: () => {
      child.kill('SIGTERM');
      fs.rmSync(file, { force: true });
    },
  };
}

const cached = await startBuiltServer({ port: 3170 });
const slug = await seed(cached.baseUrl);
const paths = ['/', '/blog', `/blog/${slug}`];
const labelOf = (route) => (route.startsWith('/blog/') ? '/blog/{slug}' : route);
const rows = [];
const pages = new Map();
for (const route of paths) pages.set(route, await fetchRaw(cached.baseUrl + route));

const ceiling = await ceilingServer(pages);
for (const route of paths) {
  const label = labelOf(route);
  // A short run first, so that neither side is measured while its code is still being optimised.
  await hammer(ceiling.url + route, { connections, duration: 2, headers });
  await hammer(cached.baseUrl + route, { connections, duration: 2, headers });
  const top = await hammer(ceiling.url + route, { connections, duration, headers });
  const fromCache = await hammer(cached.baseUrl + route, { connections, duration, headers });
  rows.push({ label, mode: 'ceiling (node:http)', ...top, ratio: 1 });
  rows.push({ label, mode: 'render cache', ...fromCache, ratio: fromCache.requestsPerSecond / top.requestsPerSecond });
}
await cached.stop();
ceiling.close();

// Same data folder, cache off: every request renders.
const uncached = await startBuiltServer({ port: 3171, dataDir: cached.dataDir, env: { PAGE_CACHE_SECONDS: '0' } });
const idleMemory = residentBytes(uncached.child.pid);
// A running server's code is compiled and optimised; a fresh one compiles while the first runs
// measure (a compiler thread busy for a millisecond a render), which weighed on whichever page
// came first. Warmed like the cached rows, each page for 2 s, before any is measured.
for (const route of paths) await hammer(uncached.baseUrl + route, { connections: renderConnections, duration: 2, headers });
for (const route of paths) {
  const label = labelOf(route);
  const cpuBefore = cpuMilliseconds(uncached.child.pid);
  const rendered = await hammer(uncached.baseUrl + route, { connections: renderConnections, duration, headers });
  // Processor time per render (every thread of the server), steadier than req/s on a busy machine.
  rendered.cpuPerRequest = (cpuMilliseconds(uncached.child.pid) - cpuBefore) / (rendered.requestsPerSecond * duration);
  const top = rows.find((row) => row.label === label && row.mode.startsWith('ceiling'));
  rows.push({ label, mode: 'no cache (render)', ...rendered, ratio: rendered.requestsPerSecond / top.requestsPerSecond });
}
// What the renders left behind: right after the load, and once the server has been idle long
// enough for V8 to give back the heap it grew under load (it does so after some seconds idle).
await new Promise((resolve) => setTimeout(resolve, 2000));
const loadedMemory = residentBytes(uncached.child.pid);
let settledMemory = loadedMemory;
let idleSeconds = 2;
while (idleSeconds < 40 && settledMemory > idleMemory * 1.5) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  idleSeconds += 1;
  settledMemory = residentBytes(uncached.child.pid);
}
await uncached.stop();

rows.sort((a, b) => paths.map(labelOf).indexOf(a.label) - paths.map(labelOf).indexOf(b.label));
printTable(`Page throughput, ${duration} s each, ${connections} connections (uncached: ${renderConnections}):`, rows, [
  ['page', (r) => r.label, 14],
  ['mode', (r) => r.mode, 22],
  ['req/s', (r) => Math.round(r.requestsPerSecond), 9],
  ['p50 ms', (r) => r.p50, 8],
  ['p99 ms', (r) => r.p99, 8],
  ['ratio', (r) => r.ratio.toFixed(2), 7],
  ['errors', (r) => r.errors + r.non2xx, 8],
  ['cpu ms/req', (r) => (r.cpuPerRequest === undefined ? '' : r.cpuPerRequest.toFixed(2)), 12],
]);
const misses = rows.filter((r) => r.mode === 'render cache' && r.ratio < 0.8);
// Issue 20's target for renders: a post ≥ 400 req/s with p99 under 1 s, the list and home at least as fast.
const rendered = rows.filter((r) => r.mode === 'no cache (render)');
const post = rendered.find((r) => r.label === '/blog/{slug}');
const slow = rendered.filter((r) => r.requestsPerSecond < Math.max(400, r === post ? 0 : post.requestsPerSecond * 0.95) || r.p99 >= 1000 || r.errors + r.non2xx > 0);
console.log(slow.length ? `\nRender target missed (post ≥ 400 req/s, p99 < 1 s, list and home as fast, every answer a page): ${slow.map((r) => r.label).join(', ')}` : '\nRender target met.');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const growth = loadedMemory / idleMemory;
console.log(
  `\nMemory of the uncached server: ${mb(idleMemory)} idle, ${mb(loadedMemory)} 2 s after its runs (${growth.toFixed(2)}×), ` +
    `${mb(settledMemory)} after ${idleSeconds} s idle (${(settledMemory / idleMemory).toFixed(2)}×; target ≤ 1.5×).`,
);
console.log(misses.length ? `\nTarget missed (cache ≥ 0.8 of ceiling): ${misses.map((r) => r.label).join(', ')}` : '\nTarget met: every cached page ≥ 0.8 of the ceiling.');
