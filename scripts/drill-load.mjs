// Load drill: 200 connections for 60 s over the public pages and the post API of the production
// server. Passes with 0 errors, 0 non-2xx, and the server's resident memory after the run
// within 20 % of before (measured after a warm-up, so caches are already full).
import fs from 'node:fs';
import autocannon from 'autocannon';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const duration = Number(process.env.DRILL_SECONDS ?? 60);
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const settle = () => new Promise((resolve) => setTimeout(resolve, 5000));

const server = await startBuiltServer({ port: 3190 });
let result;
let before;
let after;
try {
  const token = await adminToken(server.baseUrl);
  let slug;
  for (let i = 1; i <= 20; i++) slug = (await createPost(server.baseUrl, token, { title: `Load drill post ${i}`, body: samplePostBody })).slug;
  const paths = ['/', '/about', '/services', '/services/seo', '/portfolio', '/packages', '/contact', '/privacy', '/blog', '/blog?page=2', `/blog/${slug}`, `/api/posts/${slug}`, '/api/posts?page=1&limit=5'];
  // As a browser asks: compressed answers welcome.
  const requests = paths.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'br, gzip' } }));
  const run = (seconds) => autocannon({ url: server.baseUrl, connections: 200, duration: seconds, requests });

  await run(10); // warm-up: caches and JIT
  await settle();
  before = rssOf(server.child.pid);
  result = await run(duration);
  await settle();
  after = rssOf(server.child.pid);
} finally {
  await server.stop();
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const growth = (after - before) / before;
console.log(`Load drill: 200 connections, ${duration} s, ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
console.log(`errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`);
console.log(`memory (RSS) before ${mb(before)}, after ${mb(after)}: ${(growth * 100).toFixed(1)} %`);
const failed = result.errors > 0 || result.timeouts > 0 || result.non2xx > 0 || growth > 0.2;
console.log(failed ? 'Load drill FAILED.' : 'Load drill passed.');
process.exit(failed ? 1 : 0);
