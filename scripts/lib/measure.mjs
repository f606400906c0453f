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
