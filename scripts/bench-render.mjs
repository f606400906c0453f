// Processor time of one uncached render: the production server with its page cache off, a few
// connections (so that no render is shed by the render line and every answer is a whole page),
// the server's processor time (every thread, from /proc) divided by the pages it answered 200.
// With BENCH_BEFORE=<another checkout, built>, that checkout's server is measured in the same
// run, in alternating rounds, and each page's figure is compared with its own: an uncached home
// page may cost at most 1.2× what it did before.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { printTable } from './lib/measure.mjs';
import { root, startBuiltServer } from './lib/serve-built.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 4;
const pages = ['/', '/services', '/packages', '/services/seo'];
const BOUND = 1.2;
const before = process.env.BENCH_BEFORE;

/** A process's processor time so far, user and system, in milliseconds (Linux: 100 ticks a second). */
function cpuMilliseconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Renders of one page for `duration` seconds: processor milliseconds per page answered 200. */
async function measure(server, page, duration) {
  const cpuBefore = cpuMilliseconds(server.child.pid);
  const result = await autocannon({ url: server.baseUrl + page, connections, duration, headers: { 'accept-encoding': 'br, gzip' } });
  const cpu = cpuMilliseconds(server.child.pid) - cpuBefore;
  const rendered = result['2xx'];
  if (rendered === 0 || result.non2xx > 0 || result.errors > 0) throw new Error(`${page}: ${rendered} pages, ${result.non2xx} other answers, ${result.errors} errors`);
  return { cpuPerRender: cpu / rendered, perSecond: rendered / duration };
}

const servers = [{ name: 'this checkout', server: await startBuiltServer({ port: 3175, env: { PAGE_CACHE_SECONDS: '0' } }) }];
if (before) servers.push({ name: 'before', server: await startBuiltServer({ port: 3176, serverRoot: before, env: { PAGE_CACHE_SECONDS: '0' } }) });

// Warmed first: a fresh server compiles its code while the first renders run.
for (const { server } of servers) for (const page of pages) await measure(server, page, 3);

const figures = new Map();
for (let round = 0; round < rounds; round++) {
  for (const page of pages) {
    // Alternating which goes first, so that whatever else the machine does falls on both alike.
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const { name, server } of order) {
      const key = `${page} ${name}`;
      figures.set(key, [...(figures.get(key) ?? []), await measure(server, page, seconds)]);
    }
  }
}
for (const { server } of servers) await server.stop();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = pages.flatMap((page) =>
  servers.map(({ name }) => {
    const runs = figures.get(`${page} ${name}`);
    return { page, name, cpu: median(runs.map((run) => run.cpuPerRender)), runs: runs.map((run) => run.cpuPerRender.toFixed(2)).join(' '), perSecond: median(runs.map((run) => run.perSecond)) };
  }),
);
printTable(`Uncached renders, ${connections} connections, ${rounds} rounds of ${seconds} s (median):`, rows, [
  ['page', (r) => r.page, 16],
  ['server', (r) => r.name, 16],
  ['pages/s', (r) => Math.round(r.perSecond), 9],
  ['cpu ms/page', (r) => r.cpu.toFixed(2), 13],
  ['  rounds', (r) => `  ${r.runs}`, 24],
]);

if (before) {
  console.log('');
  for (const page of pages) {
    const [now, then] = rows.filter((row) => row.page === page);
    console.log(`${page}: ${(now.cpu / then.cpu).toFixed(2)}× the processor time of a render before`);
  }
  const [home, homeBefore] = rows.filter((row) => row.page === '/');
  const ratio = home.cpu / homeBefore.cpu;
  console.log(ratio <= BOUND ? `\nBound met: an uncached home page costs ${ratio.toFixed(2)}× (≤ ${BOUND}×).` : `\nBound missed: an uncached home page costs ${ratio.toFixed(2)}× (> ${BOUND}×).`);
  process.exitCode = ratio <= BOUND ? 0 : 1;
} else {
  console.log(`\nSet BENCH_BEFORE to a built checkout to compare (${root} is this one).`);
}
