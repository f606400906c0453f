// The load of bench:events, each part in a process of its own: the sender of beacon events, and a
// sink that answers them without doing anything (the control run: the same requests, on the same
// machine, that the server under test never sees).
//
// Run as a script: `node event-load.mjs send <url> <seconds> <rate>` or `node event-load.mjs sink <headers JSON>`.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const VIEWS = [
  { kind: 'view', path: '/', type: 'home', device: 'mobile', ref: 'news.example' },
  { kind: 'view', path: '/blog', type: 'blog', device: 'desktop' },
  { kind: 'view', path: '/services', type: 'services', device: 'tablet' },
].map((event) => JSON.stringify(event));

/** Posts beacon-shaped events at `rate` a second from 5,000 addresses; answers how many were sent and accepted. */
function sendEvents(baseUrl, seconds, rate) {
  let sent = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${baseUrl}/api/events`,
        connections: 50,
        overallRate: rate,
        duration: seconds,
        method: 'POST',
        requests: [
          {
            setupRequest: (request) => {
              const n = sent++;
              return {
                ...request,
                // TRUST_PROXY and X-Forwarded-For: the per-address limit applies as it would to real visitors.
                headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': AGENT, 'x-forwarded-for': `198.18.${(n % 5000) >> 8}.${n % 256}` },
                body: VIEWS[n % VIEWS.length],
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const statuses = Object.entries(result.statusCodeStats ?? {});
        const accepted = statuses.filter(([code]) => code === '202').reduce((sum, [, { count }]) => sum + count, 0);
        const refused = statuses.filter(([code]) => code !== '202').reduce((sum, [, { count }]) => sum + count, 0);
        resolve({ accepted, refused: refused + result.errors + result.timeouts, perSecond: result.requests.average });
      },
    );
  });
}

/** Answers every request 202 with `headers` once its body is read, as the server answers an accepted event. */
function sink(headers) {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(202, headers);
      response.end();
    });
  });
  server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}` }));
  process.on('disconnect', () => process.exit(0));
}

const script = fileURLToPath(import.meta.url);

/** Sends `rate` events a second for `seconds` from a process of its own; resolves with its counts. */
export function eventsFromOwnProcess(baseUrl, { seconds, rate }) {
  return new Promise((resolve, reject) => {
    const sender = fork(script, ['send', baseUrl, String(seconds), String(rate)]);
    sender.once('message', resolve);
    sender.once('error', reject);
    sender.once('exit', (code) => code !== 0 && reject(new Error(`the event sender exited with ${code}`)));
  });
}

/** Starts the sink in a process of its own; `headers` are those of the server's own 202. */
export async function startSink(headers) {
  const child = fork(script, ['sink', JSON.stringify(headers)]);
  const { url } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the sink exited with ${code} before listening`)));
  });
  return { url, pid: child.pid, stop: () => child.disconnect() };
}

if (process.argv[1] === script) {
  const [role, ...args] = process.argv.slice(2);
  if (role === 'send') {
    process.send(await sendEvents(args[0], Number(args[1]), Number(args[2])));
    process.disconnect();
  } else if (role === 'sink') {
    sink(JSON.parse(args[0]));
  }
}
