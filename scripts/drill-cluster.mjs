// Cluster drill (npm run drill:cluster): two built instances on PostgreSQL (a fresh schema),
// Redis and a local S3 server, behind nginx running deploy/nginx.conf. Proves that what one
// instance writes the other shows within a second (pages, API, feed, the image, a site publication), that failed
// sign-ins count across instances, and that stopping one instance with SIGTERM and starting
// it again under 200 connections through nginx costs no request and no acknowledged write, and
// that the database ending every connection of both instances under load (what a restart or a
// failover does) stops neither: requests meanwhile answer 503 at worst, and changes reach the
// other instance within a second again once the change channel is back.
// Needs DATABASE_URL (PostgreSQL), a Redis (REDIS_URL or 127.0.0.1:6379) and /usr/sbin/nginx.
// Redis keeps its counts between runs, and the drill registers from one address every time: with
// no REDIS_URL it takes database 15 of the local Redis for itself and empties it first, so the
// sixth run within an hour is not refused by the registration limits of the five before it.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { freePort, freshSchema, NGINX, startInstance, startLocalS3, startNginx, terminateBackends } from './lib/cluster.mjs';
import { percentile } from './lib/measure.mjs';
import { adminToken, createPost } from './lib/seed.mjs';
import { sitePublicationDelay } from './lib/drill-site.mjs';
import { assertBuilt } from './lib/serve-built.mjs';

const LOAD_SECONDS = Number(process.env.DRILL_SECONDS ?? 30);
const CONNECTIONS = 200;
const ROUNDS = 10;
const DROP_SECONDS = 6;
const DROP_CONNECTIONS = 50;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) fail('DATABASE_URL is not set: the cluster drill runs on PostgreSQL.');
if (!fs.existsSync(NGINX)) fail(`${NGINX} is missing: apt-get install -y nginx (the system service is not used).`);

function ms(value) {
  return Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'never';
}

function fail(message) {
  console.error(`Cluster drill: ${message}`);
  process.exit(1);
}
const problems = [];
const check = (ok, message) => {
  if (!ok) problems.push(message);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const bearer = (token) => ({ authorization: `Bearer ${token}` });
const text = async (url, headers) => (await fetch(url, { headers })).text();

/** Polls until `seen()` holds; answers the milliseconds it took, or Infinity after 5 s. */
async function delayUntil(seen) {
  const started = performance.now();
  while (performance.now() - started < 5000) {
    if (await seen()) return performance.now() - started;
    await sleep(10);
  }
  return Infinity;
}

async function drillRedis() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const url = 'redis://127.0.0.1:6379/15';
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } catch (error) {
    fail(`no Redis answers at ${url} (${error.message}).`);
  } finally {
    redis.disconnect();
  }
  return url;
}

assertBuilt();
const redisUrl = await drillRedis();
const s3 = await startLocalS3();
const { schema, drop } = freshSchema(databaseUrl);
const shared = {
  DATABASE_URL: databaseUrl,
  DATABASE_SCHEMA: schema,
  REDIS_URL: redisUrl,
  JWT_SECRET: randomBytes(32).toString('base64url'),
  // Each instance has a data folder of its own: the key of the authenticator secrets is shared here.
  SECRETS_KEY: randomBytes(32).toString('base64url'),
  TRUST_PROXY: 'true',
  ALLOW_REGISTRATION: 'true',
  DRAIN_SECONDS: '2',
  ...s3.env,
};
const ports = [await freePort(), await freePort()];
// Started together: the migrations of the fresh schema run once, under the advisory lock.
const instances = await Promise.all(ports.map((port) => startInstance(port, shared)));
const nginx = await startNginx(await freePort(), ports);
const [one, two] = instances;
const figures = {};

try {
  const token = await adminToken(nginx.baseUrl);
  const image = { bytes: await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2f6f4e' } }).png().toBuffer(), type: 'image/png', name: 'drill.png' };

  // 1. Propagation: written on one, cached on the other, seen there within a second.
  const delays = [];
  const otherShows = (needle, present) => async () => {
    const bodies = await Promise.all(['/blog', '/api/posts', '/rss.xml'].map((path) => text(two.baseUrl + path)));
    return bodies.every((body) => body.includes(needle) === present);
  };
  for (let round = 0; round < ROUNDS; round++) {
    await otherShows('', true)(); // fills the other instance's caches
    const title = `Cluster drill ${round} ${randomBytes(3).toString('hex')}`;
    const post = await createPost(one.baseUrl, token, { title, body: 'Written on instance one.', image });
    delays.push(await delayUntil(otherShows(title, true)));
    const served = await fetch(two.baseUrl + post.imageUrl);
    check(served.status === 200 && served.headers.get('content-type') === 'image/webp', `image ${post.imageUrl} not served by the other instance (${served.status})`);
    check((await text(`${two.baseUrl}/blog/${post.slug}`)).includes(title), `post page ${post.slug} missing on the other instance`);

    const edited = `${title} edited`;
    const form = new FormData();
    form.append('title', edited);
    form.append('body', 'Edited on instance one.');
    const put = await fetch(`${one.baseUrl}/api/posts/${post._id}`, { method: 'PUT', headers: bearer(token), body: form });
    check(put.ok, `edit answered ${put.status}`);
    delays.push(await delayUntil(otherShows(edited, true)));

    const deleted = await fetch(`${one.baseUrl}/api/posts/${post._id}`, { method: 'DELETE', headers: bearer(token) });
    check(deleted.ok, `delete answered ${deleted.status}`);
    delays.push(await delayUntil(otherShows(edited, false)));
  }
  figures.propagation = { changes: delays.length, p50: percentile(delays, 0.5), p99: percentile(delays, 0.99), max: Math.max(...delays) };
  check(figures.propagation.max <= 1000, `a change took ${figures.propagation.max.toFixed(0)} ms to reach the other instance (limit 1000 ms)`);
  figures.sitePublication = await sitePublicationDelay(one, two, token, delayUntil);
  check(figures.sitePublication <= 1000, `a site publication took ${ms(figures.sitePublication)} to reach the other instance (limit 1000 ms)`);

  // 2. Five failed sign-ins spread over both instances (from five addresses) lock the account.
  const victim = { email: `drill-${randomBytes(3).toString('hex')}@larkspur.example`, password: 'a-long-drill-password-2026' };
  const json = { 'content-type': 'application/json' };
  await fetch(`${one.baseUrl}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(victim) });
  for (let attempt = 0; attempt < 5; attempt++) {
    const instance = instances[attempt % 2];
    await fetch(`${instance.baseUrl}/api/auth/login`, { method: 'POST', headers: { ...json, 'x-forwarded-for': `192.0.2.${attempt + 1}` }, body: JSON.stringify({ ...victim, password: 'wrong' }) });
  }
  const locked = await fetch(`${two.baseUrl}/api/auth/login`, { method: 'POST', headers: { ...json, 'x-forwarded-for': '192.0.2.99' }, body: JSON.stringify(victim) });
  figures.lockout = locked.status;
  check(locked.status === 429, `the right password after 5 failures on both instances answered ${locked.status}, not 429`);

  // 3. The database ends every connection of both instances, five times in a second, under load.
  const beforeDrop = await loggedSoFar(nginx);
  figures.databaseDrop = await databaseDrop(nginx.baseUrl, token);
  // An instance's own 503 (database away, or too busy) is passed on, never tried again on the
  // other instance: a flood would otherwise cost every instance in turn.
  figures.databaseDrop.retried503 = (await loggedSince(nginx, beforeDrop)).filter(({ tries }) => tries.length > 1 && tries[0] === '503').length;
  check(figures.databaseDrop.retried503 === 0, `nginx tried ${figures.databaseDrop.retried503} answers of 503 again on the other instance`);
  check(figures.databaseDrop.failed === 0, `${figures.databaseDrop.failed} requests failed otherwise than 503 while the database dropped its connections: ${JSON.stringify(figures.databaseDrop.failures)}`);
  check(figures.databaseDrop.terminated >= 4, `only ${figures.databaseDrop.terminated} connections were terminated: the step did not reach the instances`);
  for (const instance of instances) {
    const health = await fetch(`${instance.baseUrl}/healthz`).catch(() => undefined);
    check(health?.status === 200 && instance.child.exitCode === null, `instance ${instance.baseUrl} did not survive the dropped connections`);
  }
  const afterDrop = `After the drop ${randomBytes(3).toString('hex')}`;
  await otherShows('', true)();
  await createPost(one.baseUrl, token, { title: afterDrop, body: 'Written once the database was back.' });
  figures.databaseDrop.propagation = await delayUntil(otherShows(afterDrop, true));
  check(figures.databaseDrop.propagation <= 1000, `a change after the drop took ${ms(figures.databaseDrop.propagation)} to reach the other instance (limit 1000 ms): its change channel did not come back`);

  // 4. Failover: 200 connections through nginx while instance one stops (SIGTERM) and comes back.
  const beforeFailover = await loggedSoFar(nginx);
  figures.failover = await failover(nginx.baseUrl, token, one, (restarted) => (instances[0] = restarted));
  figures.failover.retried = (await loggedSince(nginx, beforeFailover)).filter(({ tries }) => tries.length > 1).length;
  check(figures.failover.failed === 0, `${figures.failover.failed} requests failed during the failover: ${JSON.stringify(figures.failover.failures)}`);
  check(figures.failover.lost === 0, `${figures.failover.lost} acknowledged posts were not readable afterwards`);
} finally {
  if (problems.length > 0) console.error(`nginx's error log:\n${nginx.errorLog().split('\n').slice(-20).join('\n')}`);
  await nginx.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await s3.stop();
  await drop();
}

const { propagation, failover: load, databaseDrop: dropped } = figures;
if (propagation) console.log(`Propagation of ${propagation.changes} changes (create, edit, delete) to the other instance's cached page, API read and feed: p50 ${ms(propagation.p50)}, p99 ${ms(propagation.p99)}, max ${ms(propagation.max)}`);
if (figures.sitePublication !== undefined) console.log(`Site publication (a new site name) on one instance, served by the other's live content and feed: ${ms(figures.sitePublication)}`);
if (figures.lockout) console.log(`Sign-in after 5 failures spread over both instances: ${figures.lockout}`);
if (dropped) {
  console.log(`Database drop: ${dropped.terminated} connections of both instances terminated in 5 rounds under ${DROP_CONNECTIONS} connections for ${DROP_SECONDS} s`);
  console.log(`  ${dropped.requests} requests: ${dropped.ok} answered, ${dropped.unavailable} 503 (${dropped.retried503} of them tried again by nginx), ${dropped.failed} failed otherwise; the last 503 ${ms(dropped.recoveredAfter)} after the last drop; a change then reached the other instance in ${ms(dropped.propagation ?? Infinity)}`);
}
if (load) {
  console.log(`Failover: ${CONNECTIONS} connections for ${LOAD_SECONDS} s through nginx, instance one stopped (SIGTERM) at ${load.stoppedAt} s and back at ${load.backAt} s`);
  console.log(`  ${load.requests} requests (${Math.round(load.requests / LOAD_SECONDS)} req/s), p50 ${ms(load.p50)}, p99 ${ms(load.p99)}; failed ${load.failed}; ${load.retried} moved by nginx to the other instance; posts acknowledged ${load.writes}, lost ${load.lost}`);
}
if (problems.length > 0) fail(`FAILED\n- ${problems.join('\n- ')}`);
console.log('Cluster drill passed.');

/**
 * Reads and writes through nginx while both instances' database connections are terminated five
 * times, 200 ms apart, from the second second on. A 503 is the promised answer meanwhile; any
 * other failure counts.
 */
async function databaseDrop(baseUrl, token) {
  const paths = ['/blog', '/api/posts', '/rss.xml', '/api/posts?page=1&limit=5'];
  const failures = {};
  let requests = 0;
  let ok = 0;
  let unavailable = 0;
  let lastUnavailable = 0;
  const started = performance.now();
  const ends = started + DROP_SECONDS * 1000;
  const user = async (id) => {
    for (let i = 0; performance.now() < ends; i++) {
      const write = i % 10 === id % 10;
      try {
        // The owner's reads (with the token) skip every cache: those reach the database.
        const response = write
          ? await post(baseUrl, token, `Drop ${id}-${i}`)
          : await fetch(baseUrl + paths[(id + i) % paths.length], { headers: id % 2 ? bearer(token) : {}, signal: AbortSignal.timeout(20_000) });
        await response.arrayBuffer();
        if (response.status === 503) {
          unavailable++;
          lastUnavailable = performance.now();
        } else if (response.status >= 400) throw new Error(`${response.status}`);
        else ok++;
      } catch (error) {
        const key = `${write ? 'POST' : 'GET'} ${error.message}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
      requests++;
    }
  };
  const drops = (async () => {
    await sleep(1000);
    let terminated = 0;
    let lastDropAt = 0;
    for (let round = 0; round < 5; round++) {
      terminated += await terminateBackends(databaseUrl, schema);
      lastDropAt = performance.now();
      await sleep(200);
    }
    return { terminated, lastDropAt };
  })();
  await Promise.all(Array.from({ length: DROP_CONNECTIONS }, (_, id) => user(id)));
  const { terminated, lastDropAt } = await drops;
  const failed = Object.values(failures).reduce((sum, count) => sum + count, 0);
  return { requests, ok, unavailable, failed, failures, terminated, recoveredAfter: Math.max(0, lastUnavailable - lastDropAt) };
}

/** The load, with the stop and restart in its middle; every acknowledged post is read back after. */
async function failover(baseUrl, token, instance, replace) {
  const paths = ['/', '/blog', '/api/posts', '/rss.xml', '/api/posts?page=1&limit=5'];
  const latencies = [];
  const failures = {};
  const acknowledged = [];
  let requests = 0;
  const ends = performance.now() + LOAD_SECONDS * 1000;
  const started = performance.now();
  const user = async (id) => {
    for (let i = 0; performance.now() < ends; i++) {
      const write = i % 20 === id % 20;
      const begin = performance.now();
      try {
        const response = write
          ? await post(baseUrl, token, `Failover ${id}-${i}`)
          : await fetch(baseUrl + paths[(id + i) % paths.length], { signal: AbortSignal.timeout(20_000) });
        const body = await response.text();
        if (response.status >= 400) throw new Error(`${response.status}`);
        if (write) acknowledged.push(JSON.parse(body)._id);
      } catch (error) {
        const key = `${write ? 'POST' : 'GET'} ${error.message}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
      requests++;
      latencies.push(performance.now() - begin);
    }
  };
  const at = (seconds) => sleep(Math.max(0, started + seconds * 1000 - performance.now()));
  const cycle = (async () => {
    const stopAt = LOAD_SECONDS / 3;
    await at(stopAt);
    await instance.stop();
    const backAt = (performance.now() - started) / 1000;
    replace(await startInstance(new URL(instance.baseUrl).port, shared));
    return { stopAt, backAt: (performance.now() - started) / 1000, stoppedFor: backAt - stopAt };
  })();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, id) => user(id)));
  const { stopAt, backAt } = await cycle;
  let lost = 0;
  for (const id of acknowledged) if (!(await fetch(`${baseUrl}/api/posts/id/${id}`, { headers: bearer(token) })).ok) lost++;
  const failed = Object.values(failures).reduce((sum, count) => sum + count, 0);
  return { requests, failed, failures, writes: acknowledged.length, lost, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), stoppedAt: stopAt.toFixed(0), backAt: backAt.toFixed(1) };
}

/** How many lines nginx's access log holds, once what it buffered is written. */
async function loggedSoFar(nginx) {
  await sleep(1100);
  return nginx.accessLog().length;
}

/** The requests logged after the first `from`: each with the statuses of its tries, in order. */
async function loggedSince(nginx, from) {
  await sleep(1100);
  return nginx.accessLog().slice(from).map((line) => {
    const [status, ...upstream] = line.split(' ');
    return { status, tries: upstream.join(' ').split(', ') };
  });
}

function post(baseUrl, token, title) {
  const form = new FormData();
  form.append('title', title);
  form.append('body', 'Written during the failover.');
  return fetch(`${baseUrl}/api/posts`, { method: 'POST', headers: bearer(token), body: form, signal: AbortSignal.timeout(20_000) });
}
