// `npm run bench:api`: the posts read calls against a bare Fastify hello-world, in one run, A/B.
//
// Starts the built server (rebuilding when stale, as `npm start` does) on a temporary DATA_DIR,
// creates 100 posts through the API, then measures with autocannon, in interleaved rounds so
// that load from elsewhere on the machine hits every target alike:
//   A  GET /                          a bare Fastify hello-world in its own process
//   B  GET /api/posts/{slug}          one post
//   C  GET /api/posts?page=1&limit=5  one page of the blog list with X-Total-Count
// and prints req/s and p99 latency (medians over the rounds) and each target's ratio to A.
// PostgreSQL instead of SQLite when DATABASE_URL is set (a private schema, dropped at the end).
//
// Options (environment): BENCH_DURATION seconds per measurement (10), BENCH_ROUNDS (3),
// BENCH_CONNECTIONS (10), LOG_LEVEL of the measured server (warn: request logs go elsewhere in
// production and would only measure this script's pipe), BENCH_PROFILE_DIR to write a CPU
// profile of the server there, BENCH_USE_BUILD=1 to run the existing build as it is (both skip
// the rebuild check, for quick experiments on a server-only build).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const POSTS = 100;
const TARGET_RATIO = 0.5;

const children = [];
const cleanups = [];

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function start(args, env, name) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited early (${signal ?? code})`);
      process.exit(1);
    }
  });
  return child;
}

async function waitUntilUp(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** An administrator straight in the database (the account API is not what is measured). */
async function insertAdmin(dataDir, databaseUrl, schema) {
  const id = randomUUID();
  const email = 'bench@example.com';
  const now = new Date().toISOString();
  const row = [id, email, 'not-a-real-hash', now, now];
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await client.connect();
    await client.query('INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5)', row);
    await client.end();
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    const db = new SQLite(path.join(dataDir, 'site.db'));
    db.prepare('INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(...row);
    db.close();
  }
  return { id, email };
}

/** A post of realistic size: a few paragraphs of markdown with a list and a link. */
function postBody(index) {
  const paragraph = `Post ${index} talks about fast, accessible websites for small businesses. ` + 'A page that loads quickly keeps visitors reading and helps search engines find it. '.repeat(4);
  return [`## Part one\n\n${paragraph}`, `- item one\n- item two\n- [a link](https://example.com/${index})`, `## Part two\n\n${paragraph}`, paragraph].join('\n\n');
}

async function seedPosts(base, token) {
  for (let index = 1; index <= POSTS; index++) {
    const form = new FormData();
    form.append('title', `Benchmark post number ${index}: small-business websites`);
    form.append('body', postBody(index));
    const response = await fetch(`${base}/api/posts`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  }
}

/**
 * CPU seconds a process has used (Linux /proc; null elsewhere). Throughput on a machine shared
 * with other work depends on what else runs; CPU time per request does not.
 */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, counted from the state field (3) here.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/** The process that serves: start.mjs runs the server as its only child. */
function servingPid(child) {
  try {
    const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length === 1 ? Number(children[0]) : child.pid;
  } catch {
    return child.pid;
  }
}

function measure(target, duration) {
  return new Promise((resolve, reject) => {
    const cpuBefore = cpuSeconds(target.pid);
    autocannon({ url: target.url, connections: CONNECTIONS, duration, pipelining: 1 }, (error, result) => {
      if (error) return reject(error);
      const failures = result.non2xx + result.errors + result.timeouts;
      if (failures > 0) return reject(new Error(`${target.url}: ${failures} failed requests`));
      const cpuAfter = cpuSeconds(target.pid);
      const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
      resolve({ rps: result.requests.average, p99: result.latency.p99, cpuPerRequest });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

let stopping = false;
async function stop() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  for (const cleanup of cleanups.reverse()) await cleanup();
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl) {
    cleanups.push(async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });
  }

  const [appPort, helloPort] = [await freePort(), await freePort()];
  const jwtSecret = randomBytes(32).toString('hex');
  const appBase = `http://127.0.0.1:${appPort}`;
  const helloBase = `http://127.0.0.1:${helloPort}`;

  console.log(`Starting the site (${databaseUrl ? 'PostgreSQL' : 'SQLite'}) and a hello-world…`);
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const useBuild = Boolean(profileDir || process.env.BENCH_USE_BUILD);
  const builtServer = path.join(root, 'dist/server/main.js');
  const site = start(
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, builtServer] : useBuild ? [builtServer] : [path.join(root, 'scripts/start.mjs')],
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    },
    'site server',
  );
  const helloSource = `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' })); app.listen({ port: ${helloPort}, host: '127.0.0.1' });`;
  const hello = start(['-e', helloSource], { NODE_ENV: 'production' }, 'hello-world');
  await waitUntilUp(`${appBase}/healthz`);
  await waitUntilUp(`${helloBase}/`);

  const admin = await insertAdmin(dataDir, databaseUrl, schema);
  const token = await new SignJWT({ email: admin.email, ver: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(admin.id)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(jwtSecret));
  await seedPosts(appBase, token);

  const page = await fetch(`${appBase}/api/posts?page=1&limit=5`);
  const posts = await page.json();
  if (page.headers.get('x-total-count') !== String(POSTS) || posts.length !== 5) throw new Error('the seeded list is not what was expected');
  const slug = posts[2].slug;

  const sitePid = useBuild ? site.pid : servingPid(site);
  const targets = [
    { name: 'hello-world (bare Fastify)', url: `${helloBase}/`, pid: hello.pid },
    { name: `GET /api/posts/{slug}`, url: `${appBase}/api/posts/${slug}`, pid: sitePid },
    { name: 'GET /api/posts?page=1&limit=5', url: `${appBase}/api/posts?page=1&limit=5`, pid: sitePid },
  ];
  console.log(`Warming up, then ${ROUNDS} rounds of ${DURATION} s per target, ${CONNECTIONS} connections…`);
  for (const target of targets) await measure(target, 2);
  const results = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await measure(target, DURATION);
      results[index].push(result);
      const cpu = result.cpuPerRequest === null ? '' : `  server CPU ${Math.round(result.cpuPerRequest)} µs/req`;
      console.log(`  round ${round + 1}  ${target.name.padEnd(32)} ${Math.round(result.rps).toString().padStart(7)} req/s  p99 ${result.p99} ms${cpu}`);
    }
  }

  const summary = targets.map((target, index) => ({
    name: target.name,
    rps: median(results[index].map((result) => result.rps)),
    p99: median(results[index].map((result) => result.p99)),
    // Per round, against the hello-world measured in the same round, then the median.
    ratio: median(results[index].map((result, round) => result.rps / results[0][round].rps)),
    cpu: results[index][0].cpuPerRequest === null ? null : median(results[index].map((result) => result.cpuPerRequest)),
  }));
  const helloCpu = summary[0].cpu;
  console.log(`\n${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${POSTS} posts\n`);
  console.log('| target | req/s (median) | p99 latency | ratio to hello-world | server CPU per request | CPU ratio |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of summary) {
    const cpu = row.cpu === null ? 'n/a | n/a' : `${Math.round(row.cpu)} µs | ${(helloCpu / row.cpu).toFixed(2)}`;
    console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p99} ms | ${row.ratio.toFixed(2)} | ${cpu} |`);
  }
  const missed = summary.slice(1).filter((row) => row.ratio < TARGET_RATIO);
  console.log(missed.length ? `\nTarget missed (ratio < ${TARGET_RATIO}): ${missed.map((row) => row.name).join(', ')}` : `\nTarget met: every ratio ≥ ${TARGET_RATIO}.`);
  return missed.length ? 1 : 0;
}

main()
  .then(async (code) => {
    await stop();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(error);
    await stop();
    process.exit(1);
  });
