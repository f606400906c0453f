// autocannon runs and how the measuring scripts print them.
import autocannon from 'autocannon';

/** Runs autocannon against one URL and returns req/s and latency figures. */
export async function hammer(url, { connections = 100, duration = 10, headers } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

export function printTable(title, rows, columns) {
  console.log(`\n${title}`);
  console.log(columns.map(([label, , width]) => label.padStart(width)).join(''));
  for (const row of rows) console.log(columns.map(([, format, width]) => String(format(row)).padStart(width)).join(''));
}

/** One request, read to the end: its time in milliseconds and its bytes; a failure throws. */
async function timeRequest(url, headers) {
  const start = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms, bytes: body.byteLength };
}

/**
 * Times each target in turn, `warmUp` rounds unmeasured and then `samples` measured, so that
 * whatever else the machine does (and the JIT's warm-up) falls on all alike. A target is
 * `[url, headers?]`; the answer holds each target's timings in order.
 */
export async function timeInTurn(targets, { warmUp, samples }) {
  for (let i = 0; i < warmUp; i++) for (const [url, headers] of targets) await timeRequest(url, headers);
  const timings = targets.map(() => []);
  for (let i = 0; i < samples; i++) {
    for (const [index, [url, headers]] of targets.entries()) timings[index].push(await timeRequest(url, headers));
  }
  return timings;
}

/** The value below which the share `p` of the values fall (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)];
}
