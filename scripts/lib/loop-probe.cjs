// Preloaded into the server by `BENCH_PROBE=1 npm run bench:events` (node --require): the
// server's own view of a run, to tell its delays from the machine's. On SIGUSR2 it writes the
// event loop's delay and the garbage collector's pauses since the last signal to PROBE_FILE.
const fs = require('node:fs');
const { monitorEventLoopDelay, PerformanceObserver } = require('node:perf_hooks');

const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
let gc = { ms: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gc = { ms: gc.ms + entry.duration, maxMs: Math.max(gc.maxMs, entry.duration) };
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  const figures = { loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6, gcMs: gc.ms, gcMaxMs: gc.maxMs };
  loop.reset();
  gc = { ms: 0, maxMs: 0 };
  fs.writeFileSync(`${process.env.PROBE_FILE}.tmp`, JSON.stringify(figures));
  fs.renameSync(`${process.env.PROBE_FILE}.tmp`, process.env.PROBE_FILE);
});
