// Where an uncached render spends its time (PROFILE_CACHED=1: a page from the render cache): the
// built server with the page cache off (on), under --cpu-prof, hammered at 32 connections (cached:
// 100) on one page at a time (home, the blog list, a post);
// prints each profile's heaviest functions by self time during the measured run, and where the
// profiles are.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { hammer } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const top = Number(process.env.PROFILE_TOP ?? 15);
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-pages-'));
const headers = { 'accept-encoding': 'br, gzip' };
const cached = process.env.PROFILE_CACHED === '1';
const cacheEnv = cached ? {} : { PAGE_CACHE_SECONDS: '0' };
/** Uncached, no more than the server's line of renders holds (bench-pages.mjs): beyond it requests are refused, not rendered. */
const connections = cached ? 100 : 32;

const seeding = await startBuiltServer({ port: 3173 });
const token = await adminToken(seeding.baseUrl);
let slug;
for (let i = 1; i <= 100; i++) slug ??= (await createPost(seeding.baseUrl, token, { title: `Studio notes ${i}: what we learned this week`, body: samplePostBody })).slug;
await seeding.stop();

/** Self time per function (name, file, line) in the profile's last `seconds` (the measured run, not the start), heaviest first. */
function heaviest(profile, seconds) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const from = profile.endTime - seconds * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from) return;
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const file = url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
    const key = `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([key, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`);
}

for (const [label, route] of [['home', '/'], ['blog list', '/blog'], ['post', `/blog/${slug}`]]) {
  const dir = path.join(outDir, label.replace(' ', '-'));
  const server = await startBuiltServer({ port: 3174, dataDir: seeding.dataDir, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`], env: cacheEnv });
  await hammer(server.baseUrl + route, { connections, duration: 2, headers });
  const result = await hammer(server.baseUrl + route, { connections, duration, headers });
  await server.stop();
  const [file] = fs.readdirSync(dir);
  console.log(`\n${label} (${route}): ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99} ms; ${path.join(dir, file)}`);
  for (const line of heaviest(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), duration)) console.log(line);
}
