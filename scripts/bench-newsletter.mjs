// A newsletter send to 10,000 subscribers against the pages' latency: the built server (SQLite)
// mails a post through a local SMTP server while a steady stream of visitors reads a post page;
// the page's p99 is measured in windows before the send and while it runs (same run, same
// page, same pace), and the server's resident memory sampled every second throughout. At the
// server's default NEWSLETTER_RATE (10 a second) the windows cover part of the send;
// BENCH_RATE raises it (BENCH_RATE=1000 is the whole send in seconds: the hardest case for pages)
// and BENCH_WHOLE=1 waits for the last mail and reports the memory over the whole send.
// BENCH_PROBE=1 adds the server's own event loop delay (p99 and longest) and GC pauses to each
// window (scripts/lib/loop-probe.cjs), to tell a stall of the server from one of the machine;
// BENCH_CPU_PROF=DIR has the server write a CPU profile there when it stops (node --cpu-prof).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { printTable } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const WINDOW_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 3);
const PAGE_RATE = Number(process.env.BENCH_PAGE_RATE ?? 100);
const port = Number(process.env.BENCH_PORT ?? 3293);

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`, ...(process.env.BENCH_RATE ? { NEWSLETTER_RATE: process.env.BENCH_RATE } : {}) };
const probeFile = process.env.BENCH_PROBE ? path.join(os.tmpdir(), `bench-newsletter-probe-${process.pid}.json`) : undefined;
const nodeArgs = [
  ...(probeFile ? ['--require', fileURLToPath(new URL('./lib/loop-probe.cjs', import.meta.url))] : []),
  ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
];
const server = await startBuiltServer({ port, env: { ...env, ...(probeFile ? { PROBE_FILE: probeFile } : {}) }, nodeArgs });
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))[1]) / 1024;
const samples = [];

/** BENCH_PROBE: the server's event loop delay and GC pauses since the last call, or undefined. */
async function probe() {
  if (!probeFile) return undefined;
  fs.rmSync(probeFile, { force: true });
  process.kill(server.child.pid, 'SIGUSR2');
  for (let wait = 0; wait < 100 && !fs.existsSync(probeFile); wait++) await new Promise((resolve) => setTimeout(resolve, 20));
  return JSON.parse(fs.readFileSync(probeFile, 'utf8'));
}
const sampler = setInterval(() => samples.push({ at: Date.now(), mb: rss(), sent: received }), 1000);

try {
  const token = await adminToken(server.baseUrl);
  const auth = { authorization: `Bearer ${token}` };
  const csv = `email,consent\n${Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@home.example,yes`).join('\n')}\n`;
  const imported = await fetch(`${server.baseUrl}/api/subscribers/import`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: csv });
  if (!imported.ok) throw new Error(`the import answered ${imported.status}: ${await imported.text()}`);
  const post = await createPost(server.baseUrl, token, { title: 'News from the studio', body: samplePostBody });
  const page = `${server.baseUrl}/blog/${post.slug}`;
  await fetch(page);

  const measure = async (phase, round) => {
    await probe();
    const result = await autocannon({ url: page, connections: 10, overallRate: PAGE_RATE, duration: WINDOW_SECONDS, headers: { 'accept-encoding': 'br' } });
    const loop = await probe();
    return {
      phase,
      round,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      'mails sent': received,
      ...(loop ? { 'loop p99 ms': loop.loopP99Ms.toFixed(1), 'loop max ms': loop.loopMaxMs.toFixed(1), 'gc max ms': loop.gcMaxMs.toFixed(1) } : {}),
    };
  };
  const rows = [];
  for (let round = 1; round <= WINDOWS; round++) rows.push(await measure('no send', round));
  const quietMemory = rss();
  const asked = await fetch(`${server.baseUrl}/api/posts/id/${post._id}/newsletter`, { method: 'POST', headers: auth });
  if (asked.status !== 202) throw new Error(`asking for the send answered ${asked.status}`);
  const sendStarted = Date.now();
  for (let round = 1; round <= WINDOWS; round++) rows.push(await measure('sending', round));
  if (process.env.BENCH_WHOLE === '1') {
    while (received < SUBSCRIBERS) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const during = samples.filter((sample) => sample.at >= sendStarted);
  printTable(`A post page at ${PAGE_RATE} req/s, before and during a send to ${SUBSCRIBERS.toLocaleString('en-US')} subscribers (NEWSLETTER_RATE ${process.env.BENCH_RATE ?? 'default'})`, rows, ['phase', 'round', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'mails sent', ...(probeFile ? ['loop p99 ms', 'loop max ms', 'gc max ms'] : [])].map((label) => [label, (row) => row[label], Math.max(label.length + 2, 9)]));
  const worst = (phase) => Math.max(...rows.filter((row) => row.phase === phase).map((row) => row['p99 ms']));
  const seconds = (Date.now() - sendStarted) / 1000;
  console.log(`\nPage p99, worst window: ${worst('no send')} ms without a send, ${worst('sending')} ms with one running.`);
  console.log(`Mails: ${received.toLocaleString('en-US')} of ${SUBSCRIBERS.toLocaleString('en-US')} in ${seconds.toFixed(0)} s (${(received / seconds).toFixed(1)} a second).`);
  console.log(`Memory (resident): ${quietMemory.toFixed(0)} MB before the send; during it ${Math.min(...during.map((s) => s.mb)).toFixed(0)} to ${Math.max(...during.map((s) => s.mb)).toFixed(0)} MB over ${during.length} samples.`);
} finally {
  clearInterval(sampler);
  await server.stop();
  smtp.close();
}
