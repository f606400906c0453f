// Redirect lookups on page requests: the production server's cached /blog page under autocannon,
// in alternating rounds with no redirects and with 10,000 (written straight into its SQLite file,
// then one added through the API so the server reads them all), so that whatever else the machine
// does falls on both alike. Target: throughput with 10,000 within 5 % of none.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { hammer, printTable } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const port = Number(process.env.BENCH_PORT ?? 3291);
const server = await startBuiltServer({ port });
try {
  const token = await adminToken(server.baseUrl);
  await createPost(server.baseUrl, token, { title: 'A post for the list', body: samplePostBody });
  const file = new Database(path.join(server.dataDir, 'site.db'));
  const api = (method, url, body) =>
    fetch(`${server.baseUrl}${url}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });
  /** Sets the redirects to `count` rows (plus the one added through the API, which makes the server read them). */
  const setRedirects = async (count) => {
    file.prepare('DELETE FROM redirects').run();
    const insert = file.prepare("INSERT INTO redirects (id, from_path, to_location, status, origin, created_at) VALUES (?, ?, '/blog', 301, 'owner', ?)");
    file.transaction(() => {
      for (let i = 0; i < count; i++) insert.run(randomUUID(), `/old/${i}/page-${i}`, new Date().toISOString());
    })();
    const added = await api('POST', '/api/redirects', { from: `/bench-${randomUUID()}`, to: '/blog' });
    if (added.status !== 201) throw new Error(`adding a redirect answered ${added.status}`);
  };
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    for (const count of [0, 10_000]) {
      await setRedirects(count);
      await fetch(`${server.baseUrl}/blog`);
      const result = await hammer(`${server.baseUrl}/blog`, { connections: 50, duration, headers: { 'accept-encoding': 'br' } });
      results.push({ round, count, ...result });
    }
  }
  file.close();
  printTable('Cached /blog with and without 10,000 redirects', results, [
    ['round', (row) => row.round, 6],
    ['redirects', (row) => row.count, 11],
    ['req/s', (row) => row.requestsPerSecond.toFixed(0), 9],
    ['p50 ms', (row) => row.p50, 8],
    ['p99 ms', (row) => row.p99, 8],
    ['errors', (row) => row.errors + row.non2xx, 8],
  ]);
  const mean = (count) => results.filter((row) => row.count === count).reduce((sum, row) => sum + row.requestsPerSecond, 0) / rounds;
  const ratio = mean(10_000) / mean(0);
  console.log(`\nwith 10,000 redirects: ${(ratio * 100).toFixed(1)} % of the throughput without (target ≥ 95 %)`);
} finally {
  await server.stop();
}
