// The contact flood of the abuse drill (docs/benchmarks.md#abuse-drill): 2,000 posts to
// POST /api/contact from 4 client addresses (behind a trusted proxy, so each is its own client),
// the kinds robots send: a filled honeypot, no start time, link spam, and a robot that fetched a
// start time once and, past its 3 seconds, reuses it for every post. Counted afterwards in the
// database: the rows each address left. The bound is the rules' own: per address and day, 20 spam
// kept and 5 messages an hour that pass every check (all the flood's hour allows).
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './cluster.mjs';
import { root, startBuiltServer } from './serve-built.mjs';

const require = createRequire(import.meta.url);
const POSTS = Number(process.env.DRILL_CONTACT_POSTS ?? 2000);
const ADDRESSES = ['198.51.100.10', '198.51.100.11', '203.0.113.20', '203.0.113.21'];
const SPAM_KEPT_A_DAY = 20;
const PASSING_AN_HOUR = 5;

const KINDS = [
  (i) => ({ name: `Robot ${i}`, email: `robot${i}@spam.example`, message: 'Cheap pills.', website: 'https://pills.example', startToken: '' }),
  (i) => ({ name: `Robot ${i}`, email: `robot${i}@spam.example`, message: 'No start time at all.', website: '', startToken: '' }),
  (i) => ({ name: `Robot ${i}`, email: `robot${i}@spam.example`, message: 'https://a.example https://b.example https://c.example https://d.example', website: '', startToken: '' }),
  (i, token) => ({ name: `Patient robot ${i}`, email: `robot${i}@spam.example`, message: 'A message that passes every check.', website: '', startToken: token }),
];

/** Rows of contact messages per folder, read beside the server (read-only). */
function storedRows(dataDir) {
  const SQLite = require(path.join(root, 'node_modules/better-sqlite3'));
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare('select folder, count(*) as n from contact_messages group by folder').all();
  } finally {
    db.close();
  }
}

/** Starts its own server, floods, stops everything; answers the figures with their bounds. */
export async function drill({ log }) {
  const server = await startBuiltServer({ port: await freePort(), env: { CONTACT_DELIVERY: 'server', TRUST_PROXY: 'true' } });
  try {
    const form = await fetch(`${server.baseUrl}/api/contact/form`).then((answer) => answer.json());
    await new Promise((resolve) => setTimeout(resolve, 3200));

    let sent = 0;
    const statuses = new Map();
    const started = performance.now();
    const result = await autocannon({
      url: `${server.baseUrl}/api/contact`,
      connections: 20,
      amount: POSTS,
      requests: [
        {
          setupRequest: (request) => {
            const i = sent++;
            const fields = KINDS[i % KINDS.length](i, form.startToken);
            return { ...request, method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ADDRESSES[Math.floor(i / KINDS.length) % ADDRESSES.length] }, body: JSON.stringify(fields) };
          },
        },
      ],
      setupClient: (client) => client.on('response', (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1)),
    });
    const seconds = (performance.now() - started) / 1000;
    const answered = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    log(`${answered.toLocaleString('en-GB')} posts from ${ADDRESSES.length} addresses in ${seconds.toFixed(1)} s (${[...statuses].map(([status, n]) => `${status}: ${n}`).join(', ')}), p99 ${result.latency.p99} ms`);

    const rows = storedRows(server.dataDir);
    const count = (folder) => Number(rows.find((row) => row.folder === folder)?.n ?? 0);
    const stored = count('inbox') + count('spam');
    const bound = ADDRESSES.length * (SPAM_KEPT_A_DAY + PASSING_AN_HOUR);
    log(`stored: ${count('inbox')} in the inbox, ${count('spam')} in spam (bound ${bound}: ${ADDRESSES.length} addresses × (${SPAM_KEPT_A_DAY} spam + ${PASSING_AN_HOUR} passing))`);
    return [
      { figure: `contact posts answered 201 (of ${POSTS.toLocaleString('en-GB')})`, value: statuses.get(201) ?? 0, unit: '', bound: `= ${POSTS}`, ok: statuses.get(201) === POSTS },
      { figure: `contact messages stored from ${ADDRESSES.length} addresses`, value: stored, unit: 'rows', bound: `≤ ${bound}`, ok: stored <= bound },
      { figure: 'of them spam', value: count('spam'), unit: 'rows', bound: `≤ ${ADDRESSES.length * SPAM_KEPT_A_DAY}`, ok: count('spam') <= ADDRESSES.length * SPAM_KEPT_A_DAY },
      { figure: 'contact posts p99 under the flood', value: result.latency.p99, unit: 'ms', bound: 'evidence', ok: true },
    ];
  } finally {
    await server.stop();
  }
}
