// `npm run bench:api`: the posts read calls against a bare Fastify hello-world, in one run, A/B.
//
// Builds when the build is stale, starts the production server on a temporary data folder,
// creates 100 posts through the API, then measures with autocannon, in interleaved rounds so
// that load from elsewhere on the machine falls on every target alike:
//   hello-world                     a bare Fastify answering {"hello":"world"}, own process
//   GET /api/posts/{slug}           one post
//   GET /api/posts?page=1&limit=5   one page of the blog list, with X-Total-Count
// each read first as a visitor (anonymous: from the public read cache after the first call),
// then with the administrator's token (the dashboard's path: database and serialisation on
// every call), and, as a ceiling, a bare Fastify answering the very bytes of the two visitor
// reads (security headers and body) from memory. Prints req/s and p99 (medians over the rounds),
// the ratio to the hello-world of the same round, and the server's CPU time per request (Linux),
// which other load on the machine disturbs far less than req/s. Target: ratio ≥ 0.5 for the
// visitor reads.
//
// Environment: BENCH_SECONDS per measurement (10), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10),
// DATABASE_URL to measure PostgreSQL (a private schema, dropped at the end) instead of SQLite.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { root, startBuiltServer } from './lib/serve-built.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const POSTS = 100;
const TARGET_RATIO = 0.5;
const SITE_PORT = 3190;
const HELLO_PORT = 3191;
const CEILING_PORT = 3192;

/** CPU seconds a process has used so far: utime + stime from /proc (null where there is none). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return null;
  }
}

function measure(target, seconds) {
  return new Promise((resolve, reject) => {
    const cpuBefore = cpuSeconds(target.pid);
    autocannon({ url: target.url, headers: target.headers, connections: CONNECTIONS, duration: seconds }, (error, result) => {
      if (error) return reject(error);
      const failures = result.non2xx + result.errors + result.timeouts;
      if (failures > 0) return reject(new Error(`${target.url}: ${failures} failed requests`));
      const cpuAfter = cpuSeconds(target.pid);
      resolve({
        rps: result.requests.average,
        p99: result.latency.p99,
        cpuMicros: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
      });
    });
  });
}

/** A bare Fastify in its own process; `routes` is source code that adds routes to `app`. */
async function startBareFastify(port, routes) {
  const source = `const app = require('fastify')(); ${routes}; app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', source], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${base}/`).then(() => true, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, child, stop: () => child.kill('SIGTERM') };
}

/** Source of a route answering what `url` answered just now, headers and body, from memory. */
async function replayRoute(path, url) {
  const response = await fetch(url);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)));
  const body = await response.text();
  return `app.get(${JSON.stringify(path)}, async (request, reply) => reply.headers(${JSON.stringify(headers)}).send(${JSON.stringify(body)}))`;
}

/** PostgreSQL when DATABASE_URL is set: a schema of its own, dropped at the end. */
async function engine() {
  const url = process.env.DATABASE_URL;
  if (!url) return { name: 'SQLite', env: {}, drop: async () => {} };
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const drop = async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  };
  return { name: 'PostgreSQL', env: { DATABASE_URL: url, DATABASE_SCHEMA: schema, SECRETS_KEY: randomBytes(32).toString('base64url') }, drop };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const database = await engine();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-api-'));
const site = await startBuiltServer({ port: SITE_PORT, dataDir, env: database.env });
const hello = await startBareFastify(HELLO_PORT, "app.get('/', async () => ({ hello: 'world' }))");
let ceiling;
let exitCode = 1;
try {
  console.log(`Creating ${POSTS} posts on ${database.name}…`);
  const token = await adminToken(site.baseUrl);
  for (let index = 1; index <= POSTS; index++) {
    await createPost(site.baseUrl, token, { title: `Studio notes ${index}: what we learned this week`, body: samplePostBody });
  }
  const first = await fetch(`${site.baseUrl}/api/posts?page=1&limit=5`);
  const page = await first.json();
  if (first.headers.get('x-total-count') !== String(POSTS) || page.length !== 5) throw new Error('The seeded list is not what was expected.');
  const postUrl = `${site.baseUrl}/api/posts/${page[2].slug}`;
  const pageUrl = `${site.baseUrl}/api/posts?page=1&limit=5`;
  const dashboard = { authorization: `Bearer ${token}` };
  ceiling = await startBareFastify(CEILING_PORT, [await replayRoute('/post', postUrl), await replayRoute('/page', pageUrl)].join(';'));

  const targets = [
    { name: 'hello-world (bare Fastify)', url: `${hello.base}/`, pid: hello.child.pid },
    { name: 'GET /api/posts/{slug}', url: postUrl, pid: site.child.pid, gated: true },
    { name: 'GET /api/posts?page=1&limit=5', url: pageUrl, pid: site.child.pid, gated: true },
    { name: 'GET /api/posts/{slug}, with token', url: postUrl, headers: dashboard, pid: site.child.pid },
    { name: 'GET /api/posts?page=1&limit=5, with token', url: pageUrl, headers: dashboard, pid: site.child.pid },
    { name: 'ceiling: the post\'s bytes from memory', url: `${ceiling.base}/post`, pid: ceiling.child.pid },
    { name: 'ceiling: the page\'s bytes from memory', url: `${ceiling.base}/page`, pid: ceiling.child.pid },
  ];
  console.log(`Warming up, then ${ROUNDS} rounds of ${SECONDS} s per target, ${CONNECTIONS} connections…`);
  for (const target of targets) await measure(target, 2);
  const results = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await measure(target, SECONDS);
      results[index].push(result);
      const cpu = result.cpuMicros === null ? '' : `, server CPU ${Math.round(result.cpuMicros)} µs/request`;
      console.log(`  round ${round + 1}  ${target.name.padEnd(44)} ${String(Math.round(result.rps)).padStart(6)} req/s, p99 ${result.p99} ms${cpu}`);
    }
  }

  const rows = targets.map((target, index) => ({
    ...target,
    rps: median(results[index].map((result) => result.rps)),
    p99: median(results[index].map((result) => result.p99)),
    // Each round against the hello-world of the same round, then the median.
    ratio: median(results[index].map((result, round) => result.rps / results[0][round].rps)),
    cpuMicros: results[index][0].cpuMicros === null ? null : median(results[index].map((result) => result.cpuMicros)),
  }));
  const helloCpu = rows[0].cpuMicros;
  const load = os.loadavg()[0].toFixed(1);
  console.log(`\n${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} CPUs (load average ${load}), ${database.name}, ${POSTS} posts, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s\n`);
  console.log('| target | req/s | p99 | ratio to hello-world | server CPU per request | CPU ratio |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const cpu = row.cpuMicros === null ? 'n/a | n/a' : `${Math.round(row.cpuMicros)} µs | ${(helloCpu / row.cpuMicros).toFixed(2)}`;
    console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p99} ms | ${row.ratio.toFixed(2)} | ${cpu} |`);
  }
  const missed = rows.filter((row) => row.gated && row.ratio < TARGET_RATIO);
  console.log(missed.length ? `\nTarget missed (ratio < ${TARGET_RATIO}): ${missed.map((row) => row.name).join(', ')}` : `\nTarget met: both visitor reads ≥ ${TARGET_RATIO} of the hello-world.`);
  exitCode = missed.length ? 1 : 0;
} finally {
  hello.stop();
  ceiling?.stop();
  await site.stop();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
