// The sign-in flood of the abuse drill (docs/benchmarks.md#abuse-drill). Against the production
// build, with no proxy trusted, so each attacker is a real client address: every request leaves
// from an address of its own on the loopback network (127.0.0.0/8), as the kernel allows.
//
// 1. 200 wrong passwords for the owner's account at once, from 200 addresses. A 401 is a password
//    the server checked; a 429 was refused before any check. Bound: at most 5 checked.
// 2. The owner, at once, from the address they signed in from before: must get in.
// 3. 300 sign-ins at once for 300 unknown addresses (each hashed, as a known one would be): the
//    hashing queue answers 503 with Retry-After past its bound instead of piling the work up.
import http from 'node:http';
import { freePort } from './cluster.mjs';
import { startBuiltServer } from './serve-built.mjs';

const OWNER = { email: 'owner@larkspur.example', password: 'correct horse battery staple' };
const OWNER_ADDRESS = '127.0.0.2';
const WRONG = 200;
const UNKNOWN = Number(process.env.DRILL_LOGIN_UNKNOWN ?? 300);
const MAX_CHECKED = 5;

/** One JSON POST from `localAddress`; answers the status, Retry-After and the time it took. */
function post(baseUrl, path, body, localAddress) {
  const url = new URL(path, baseUrl);
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, retryAfter: response.headers['retry-after'], body: Buffer.concat(chunks).toString(), ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const addressOf = (n, net) => `127.${net}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const count = (answers, status) => answers.filter((answer) => answer.status === status).length;

/** Starts its own server, floods, stops everything; answers the figures with their bounds. */
export async function drill({ log }) {
  const server = await startBuiltServer({ port: await freePort(), env: { TRUST_PROXY: 'false' } });
  try {
    const registered = await post(server.baseUrl, '/api/auth/register', OWNER, OWNER_ADDRESS);
    if (registered.status !== 201) throw new Error(`registering the owner failed: ${registered.status} ${registered.body}`);
    const first = await post(server.baseUrl, '/api/auth/login', OWNER, OWNER_ADDRESS);
    if (first.status !== 200) throw new Error(`the owner's first sign-in failed: ${first.status} ${first.body}`);

    log(`${WRONG} wrong passwords for the owner at once, from ${WRONG} addresses`);
    const wrong = await Promise.all(Array.from({ length: WRONG }, (_, n) => post(server.baseUrl, '/api/auth/login', { email: OWNER.email, password: `wrong guess number ${n}` }, addressOf(n, 1))));
    const checked = count(wrong, 401);
    const refused = count(wrong, 429);
    const busyInFlood = count(wrong, 503);
    const owner = await post(server.baseUrl, '/api/auth/login', OWNER, OWNER_ADDRESS);
    log(`checked ${checked}, refused ${refused}, busy ${busyInFlood}; the owner from their own address: ${owner.status}`);

    log(`${UNKNOWN} sign-ins at once for ${UNKNOWN} unknown addresses`);
    const unknown = await Promise.all(Array.from({ length: UNKNOWN }, (_, n) => post(server.baseUrl, '/api/auth/login', { email: `nobody${n}@example.com`, password: 'a guess of a password' }, addressOf(n, 2))));
    const busy = unknown.filter((answer) => answer.status === 503);
    const unexpected = unknown.filter((answer) => answer.status !== 401 && answer.status !== 503).length;
    const slowest = Math.max(...unknown.map((answer) => answer.ms));
    const slowestChecked = Math.max(...unknown.filter((answer) => answer.status === 401).map((answer) => answer.ms));
    log(`checked ${count(unknown, 401)}, busy ${busy.length} (Retry-After ${[...new Set(busy.map((answer) => answer.retryAfter))].join(', ')} s), slowest ${slowest.toFixed(0)} ms (of those checked ${slowestChecked.toFixed(0)} ms)`);

    return [
      { figure: `passwords checked of ${WRONG} wrong ones at once (401)`, value: checked, unit: '', bound: `≤ ${MAX_CHECKED}`, ok: checked <= MAX_CHECKED && checked > 0 },
      { figure: 'refused before any check (429)', value: refused, unit: '', bound: `the other ${WRONG - checked}`, ok: refused + checked === WRONG },
      { figure: 'answered busy in that flood (503)', value: busyInFlood, unit: '', bound: '= 0', ok: busyInFlood === 0 },
      { figure: "the owner's right password from their own address, right after", value: owner.status, unit: '', bound: '= 200', ok: owner.status === 200 },
      { figure: `sign-ins of ${UNKNOWN} unknown addresses answered busy (503)`, value: busy.length, unit: '', bound: '> 0, each with Retry-After', ok: busy.length > 0 && busy.every((answer) => Number(answer.retryAfter) >= 1) },
      { figure: 'answers other than 401 or 503 in that flood', value: unexpected, unit: '', bound: '= 0', ok: unexpected === 0 },
      // Unqueued, the last of 300 hashes would wait for all the others: about 300 × 25 ms over 2 cores.
      { figure: 'slowest answer of that flood', value: slowest, unit: 'ms', bound: '≤ 3000 ms', ok: slowest <= 3000 },
    ];
  } finally {
    await server.stop();
  }
}
