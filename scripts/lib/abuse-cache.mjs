// The cache-bypass flood of the abuse drill (docs/benchmarks.md#abuse-drill): addresses that
// robots vary to miss the caches (random query parameters, spellings of searches, bad
// Authorization headers) at a steady rate against the production server with 30 posts, while a
// visitor reads /blog. The visitor's p99 is measured in windows that take turns in the same run
// (so that whatever else the machine does weighs on all alike): quiet; under the same rate of
// plain /blog requests (what the traffic costs as such); under the bypass flood; and under the
// bypass flood with new search words mixed in, the one kind that is real work (renders that wait
// in the bounded line or are turned away with 503). The flood comes from a process of its own,
// so that its client's work does not delay the visitor's; its answers are counted by status.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { percentile } from './measure.mjs';
import { adminToken, createPost, samplePostBody } from './seed.mjs';
import { startBuiltServer } from './serve-built.mjs';

/** Seconds of each window, quiet and flooded; the windows alternate `ROUNDS` times. */
const WINDOW_SECONDS = Number(process.env.DRILL_CACHE_WINDOW ?? 5);
const ROUNDS = Number(process.env.DRILL_CACHE_ROUNDS ?? 4);
/** Flood requests a second, all kinds together. */
const RATE = Number(process.env.DRILL_CACHE_RATE ?? 1000);
/** Percent of the last window's flood that is new search words (real work). */
const NEW_WORDS_PERCENT = Number(process.env.DRILL_CACHE_NEW_WORDS ?? 10);
/** The visitor's requests a second to /blog, one at a time. */
const VISITOR_RATE = 50;
/**
 * What the visitor's p99 under the bypass flood may be, against the quiet one: the flood's own
 * client shares the machine's two cores with the server, so even plain traffic of that rate
 * costs the visitor something; what the bound rules out is a bypass that makes work.
 */
const BOUND_QUIET = 3;

const WORDS = ['design', 'shop', 'speed', 'search', 'mobile', 'website', 'booking', 'studio', 'notes', 'local'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const noise = () => randomBytes(6).toString('hex');
/** One search in a robot's spelling: case and spaces at random. */
const respelt = (words) => words.map((word) => (Math.random() < 0.5 ? word.toUpperCase() : word)).join(' '.repeat(1 + Math.floor(Math.random() * 3)));

/** The bypass flood's kinds, by weight: [weight, name, () => { path, headers? }]. */
const BYPASS = [
  [30, 'a page with random parameters', () => ({ path: `${pick(['/blog', '/', '/about', '/services', '/contact', '/packages'])}?${noise()}=${noise()}` })],
  [10, 'a page of the list with tracking parameters', () => ({ path: `/blog?page=${1 + Math.floor(Math.random() * 3)}&utm_source=${noise()}&utm_campaign=${noise()}` })],
  [10, 'a search of known words, respelt', () => ({ path: `/blog/search?q=${encodeURIComponent(respelt([pick(WORDS), pick(WORDS)]))}&${noise()}=1` })],
  [10, 'an API read with random parameters', () => ({ path: `/api/posts?page=1&limit=10&view=card&${noise()}=${noise()}` })],
  [15, 'a bad Authorization header', () => ({ path: pick(['/blog', '/api/posts?page=1&limit=10', '/', '/api/search?q=design']), headers: { authorization: pick([`Bearer ${noise()}`, `Basic ${noise()}`, `Bearer ${noise()}.${noise()}.${noise()}`]) } })],
];
const bypassWeight = BYPASS.reduce((sum, [weight]) => sum + weight, 0);
/** New search words: `NEW_WORDS_PERCENT` of the whole, half pages and half API searches. */
const newWordsWeight = (bypassWeight * NEW_WORDS_PERCENT) / (100 - NEW_WORDS_PERCENT);
const FLOODS = {
  plain: [[1, 'the page itself', () => ({ path: '/blog' })]],
  bypass: BYPASS,
  'new-words': [
    ...BYPASS,
    [newWordsWeight / 2, 'a search of new words', () => ({ path: `/blog/search?q=${noise()}` })],
    [newWordsWeight / 2, 'an API search of new words', () => ({ path: `/api/search?q=${noise()}` })],
  ],
};

function floodRequest(kinds) {
  let draw = Math.random() * kinds.reduce((sum, [weight]) => sum + weight, 0);
  for (const [weight, , make] of kinds) {
    draw -= weight;
    if (draw < 0) return make();
  }
  return kinds[0][2]();
}

/** A visitor reading /blog at a steady pace until stopped; answers the answer times. */
function visitor(baseUrl) {
  const times = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${baseUrl}/blog`, { headers: { 'accept-encoding': 'br, gzip' } });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`the visitor's /blog answered ${answer.status}`);
      const ms = performance.now() - started;
      times.push(ms);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / VISITOR_RATE - ms)));
    }
  })();
  return async () => {
    running = false;
    await done;
    return times;
  };
}

/** Runs in the flood's own process: floods for `seconds`, then prints the answers' statuses as JSON. */
async function floodHere(baseUrl, seconds, kind) {
  const kinds = FLOODS[kind];
  const statuses = {};
  const result = await autocannon({
    url: baseUrl,
    connections: 50,
    overallRate: RATE,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [{ setupRequest: (request) => ({ ...request, ...floodRequest(kinds) }) }],
    // Counted here by status: autocannon's own tally lumps every non-2xx together.
    setupClient: (client) => client.on('response', (status) => (statuses[status] = (statuses[status] ?? 0) + 1)),
  });
  console.log(JSON.stringify({ statuses, errors: result.errors + result.timeouts, rate: result.requests.average, p99: result.latency.p99 }));
}

/** The flood for `seconds`, from a process of its own; answers its statuses, errors and rate. */
function floodFor(baseUrl, seconds, kind) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), baseUrl, String(seconds), kind], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`the flood exited with ${code}`))));
  });
}

const pause = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Starts its own server, floods, stops everything; answers the figures with their bounds. */
export async function drill({ log }) {
  const server = await startBuiltServer({ port: 3300 + Math.floor(Math.random() * 500) });
  try {
    const token = await adminToken(server.baseUrl);
    for (let i = 1; i <= 30; i++) await createPost(server.baseUrl, token, { title: `Studio notes ${i}: ${WORDS[i % WORDS.length]} for small shops`, body: samplePostBody });
    // Warm: the pages the visitor and the bypass attempts land on, and the server's compiler.
    const warm = visitor(server.baseUrl);
    await floodFor(server.baseUrl, 2, 'bypass');
    await warm();

    const windows = ['quiet', 'plain', 'bypass', 'new-words'];
    const times = Object.fromEntries(windows.map((name) => [name, []]));
    const statuses = Object.fromEntries(windows.map((name) => [name, new Map()]));
    const rates = Object.fromEntries(windows.map((name) => [name, []]));
    // The flood's own answer times (its p99 in each window): how long robots wait, in the line of renders or not.
    const floodP99 = Object.fromEntries(windows.map((name) => [name, []]));
    let failed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of windows) {
        const reading = visitor(server.baseUrl);
        if (name === 'quiet') await pause(WINDOW_SECONDS);
        else {
          const flood = await floodFor(server.baseUrl, WINDOW_SECONDS, name);
          for (const [status, n] of Object.entries(flood.statuses)) statuses[name].set(Number(status), (statuses[name].get(Number(status)) ?? 0) + n);
          failed += flood.errors + Object.entries(flood.statuses).filter(([status]) => Number(status) >= 500 && Number(status) !== 503).reduce((sum, [, n]) => sum + n, 0);
          rates[name].push(flood.rate);
          floodP99[name].push(flood.p99);
        }
        times[name].push(...(await reading()));
      }
    }
    const p99 = Object.fromEntries(windows.map((name) => [name, percentile(times[name], 0.99)]));
    const rate = (name) => Math.round(rates[name].reduce((sum, r) => sum + r, 0) / rates[name].length);
    const share = (name, status) => ((statuses[name].get(status) ?? 0) / Math.max(1, [...statuses[name].values()].reduce((sum, n) => sum + n, 0))) * 100;
    const tally = (name) => [...statuses[name]].sort(([x], [y]) => x - y).map(([status, n]) => `${status}: ${n.toLocaleString('en-GB')}`).join(', ');
    for (const name of windows) {
      const flood = name === 'quiet' ? '' : `; flood ${rate(name)} req/s, its p99 ${Math.max(...floodP99[name])} ms at worst (${tally(name)})`;
      log(`${name}: /blog p99 ${p99[name].toFixed(1)} ms over ${times[name].length} requests (${(p99[name] / p99.quiet).toFixed(2)}× quiet)${flood}`);
    }

    const toQuiet = p99.bypass / p99.quiet;
    const toPlain = p99.bypass / p99.plain;
    return [
      { figure: '/blog p99, quiet', value: p99.quiet, unit: 'ms', bound: 'evidence', ok: true },
      { figure: `/blog p99 under ${rate('plain')} req/s of plain /blog`, value: p99.plain, unit: 'ms', bound: 'evidence', ok: true },
      { figure: `/blog p99 under ${rate('bypass')} req/s of bypass attempts`, value: p99.bypass, unit: 'ms', bound: `≤ ${BOUND_QUIET}× quiet`, ok: toQuiet <= BOUND_QUIET },
      { figure: 'bypass flood p99 / quiet p99', value: toQuiet, unit: '×', bound: `≤ ${BOUND_QUIET}`, ok: toQuiet <= BOUND_QUIET },
      { figure: 'bypass flood p99 / plain traffic p99', value: toPlain, unit: '×', bound: 'evidence', ok: true },
      { figure: 'bypass flood answered 401 (bad Authorization, 15 % sent)', value: share('bypass', 401), unit: '%', bound: 'evidence', ok: true },
      { figure: `/blog p99 with ${NEW_WORDS_PERCENT} % new search words (real work)`, value: p99['new-words'], unit: 'ms', bound: 'evidence', ok: true },
      { figure: 'new-words flood turned away 503 (line of renders full)', value: share('new-words', 503), unit: '%', bound: 'evidence', ok: true },
      { figure: 'flood answers 5xx but 503, and failed requests', value: failed, unit: '', bound: '0', ok: failed === 0 },
    ];
  } finally {
    await server.stop();
  }
}

// Run as a script (`node abuse-cache.mjs <baseUrl> <seconds> <flood>`): the flood's own process.
if (process.argv[1] === fileURLToPath(import.meta.url)) await floodHere(process.argv[2], Number(process.argv[3]), process.argv[4]);
