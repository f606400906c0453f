// Bundle budget: the scripts a first visit to each public page makes Chromium download, counted
// as Chromium counts them: bytes on the wire, response headers included (the Network domain's
// encodedDataLength over the DevTools protocol), with the server's own compression, until the
// page has settled. Every script counts, whenever it comes: the entry in the HTML, the app's
// chunk requested after the first paint, and web-vitals after the load event. Fails when the
// home or a blog page passes the budget, when the insights beacon or web-vitals pass theirs, when
// web-vitals is requested before the load event ends, or when the admin area or the markdown
// renderer reaches a visitor's first load (a post keeps the HTML the server rendered, so not even
// blog posts need the renderer; it loads when a post is opened from within the app).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import chromiumFlags from './lib/chromium-flags.cjs';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { openBookings } from './lib/open-bookings.mjs';
import { root, startBuiltServer } from './lib/serve-built.mjs';
import { compressedShare } from './lib/source-share.mjs';

const HOME_JS_BUDGET = 125_000;
const port = Number(process.env.BUNDLE_PORT ?? 3150);
const assetsDir = path.join(root, 'dist/client/assets');
const manifest = JSON.parse(fs.readFileSync(path.join(assetsDir, 'manifest.json'), 'utf8'));
const filesOf = (predicate) =>
  new Set(Object.entries(manifest.chunks).filter(([name]) => predicate(name)).flatMap(([, files]) => [...files.js, ...files.css]));
// The admin area is what only admin pages load: a vendor chunk it shares with visitor pages
// (the markdown parser, which the blog's summaries use too) is not admin code.
// The admin area's charts (admin-charts) are admin code too.
const isAdmin = (name) => name === 'admin' || name.startsWith('admin-');
const visitorFiles = filesOf((name) => !isAdmin(name));
const adminFiles = new Set([...filesOf(isAdmin)].filter((file) => !visitorFiles.has(file)));
const markdownFiles = filesOf((name) => /markdown/i.test(name));
// The insights beacon travels inside the app's chunk (a request of its own cost more in headers
// than its code); it may add at most 2 kB compressed to a first load (docs/product.md#insights),
// measured as its share of the chunk through the source map. The web-vitals library (LCP, INP,
// CLS and the FCP that CLS needs: some 2.9 kB compressed in version 6) is fetched after the
// page's load event, when the browser is idle, and reads the browser's buffered entries from the
// start of the page; it counts in the budget like any script, and is held to a size of its own
// so that it cannot grow unnoticed.
const BEACON_BUDGET = 2_000;
const WEB_VITALS_BUDGET = 3_000;
const webVitalsFiles = filesOf((name) => name === 'web-vitals');
const isBeaconSource = (source) => /src\/client\/features\/visit-beacon\/|src\/shared\/(insights|campaign-tag)\.ts$/.test(source);

/**
 * Opens `url` in a fresh context (a first visit: empty cache) and answers every script and
 * style it downloaded, with its bytes on the wire, once web-vitals has come and the network
 * is idle.
 */
async function firstVisit(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => requests.set(requestId, { path: new URL(request.url).pathname, type }));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = requests.get(requestId);
    if (!entry) return;
    const header = (name) => Object.entries(response.headers).find(([key]) => key.toLowerCase() === name)?.[1];
    Object.assign(entry, { encoding: header('content-encoding') ?? 'identity', body: Number(header('content-length') ?? NaN) });
  });
  const finished = new Promise((resolve) => {
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = requests.get(requestId);
      if (!entry) return;
      entry.wire = encodedDataLength;
      if (webVitalsFiles.has(entry.path)) resolve();
    });
  });
  await cdp.send('Network.enable');
  await page.goto(url, { waitUntil: 'load' });
  await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await page.waitForLoadState('networkidle');
  const timing = await page.evaluate((files) => {
    const [navigation] = performance.getEntriesByType('navigation');
    const vitals = performance.getEntriesByType('resource').find((entry) => files.includes(new URL(entry.name).pathname));
    return { loadEnd: navigation?.loadEventEnd ?? 0, vitalsStart: vitals?.startTime ?? null };
  }, [...webVitalsFiles]);
  await context.close();
  const downloads = [...requests.values()].filter((entry) => entry.wire !== undefined && (entry.type === 'Script' || entry.type === 'Stylesheet'));
  return { downloads, timing };
}

const server = await startBuiltServer({ port });
const failures = [];
try {
  const token = await adminToken(server.baseUrl);
  const post = await createPost(server.baseUrl, token, { title: 'Measuring what a visitor downloads', body: samplePostBody, tags: ['Measuring'] });
  // Every public page is in the sitemap, the post just made and its tag's page among them.
  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  if (!routes.includes(`/blog/${post.slug}`)) throw new Error(`The sitemap does not list /blog/${post.slug}.`);
  if (!routes.includes('/blog/tag/measuring')) throw new Error('The sitemap does not list /blog/tag/measuring.');
  // The search page is kept out of the sitemap (noindex), but visitors land on it all the same.
  routes.push('/blog/search?q=measuring');
  // /book exists only while bookings are on (and then the home and contact pages link to it).
  await openBookings(server.baseUrl, token);
  routes.push('/book');

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  const rows = [];
  const beaconShares = new Map();
  for (const route of routes) {
    const { downloads, timing } = await firstVisit(browser, server.baseUrl + route);
    const js = downloads.filter((d) => d.type === 'Script');
    const css = downloads.filter((d) => d.type === 'Stylesheet');
    const sum = (list) => list.reduce((total, d) => total + d.wire, 0);
    const webVitals = downloads.filter((d) => webVitalsFiles.has(d.path));
    // The beacon's share of each script it travels in, read once per file.
    for (const { path: file } of js) {
      if (!beaconShares.has(file)) beaconShares.set(file, compressedShare(path.join(assetsDir, file.replace(/^\/assets\//, '')), isBeaconSource));
    }
    const beacon = js.reduce((total, d) => total + beaconShares.get(d.path), 0);
    const shape = route.startsWith('/blog/tag/') ? '/blog/tag/{slug}' : route.startsWith('/blog/search') ? '/blog/search?q=' : '/blog/{slug}';
    rows.push({
      route: route.startsWith('/blog/') ? shape : route,
      js: sum(js),
      jsFiles: js.length,
      css: sum(css),
      beacon,
      webVitals: sum(webVitals),
      encodings: [...new Set(downloads.map((d) => d.encoding))].join(','),
    });

    // The home page's budget holds for the blog's pages too: they are where visitors arrive from search.
    if ((route === '/' || route === '/book' || route.startsWith('/blog')) && sum(js) > HOME_JS_BUDGET) failures.push(`${route} first-load JavaScript is ${sum(js)} bytes on the wire, over the ${HOME_JS_BUDGET} budget.`);
    if (beacon === 0 || webVitals.length === 0) failures.push(`${route} did not load the insights beacon and web-vitals.`);
    if (beacon > BEACON_BUDGET) failures.push(`${route}: the insights beacon is ${beacon} bytes, over its ${BEACON_BUDGET} budget.`);
    const webVitalsBody = webVitals.reduce((total, d) => total + d.body, 0);
    if (!(webVitalsBody <= WEB_VITALS_BUDGET)) failures.push(`${route}: web-vitals is ${webVitalsBody} bytes compressed, over its ${WEB_VITALS_BUDGET} budget.`);
    if (timing.vitalsStart !== null && timing.vitalsStart < timing.loadEnd) {
      failures.push(`${route}: web-vitals was requested at ${Math.round(timing.vitalsStart)} ms, before the load event ended (${Math.round(timing.loadEnd)} ms).`);
    }
    for (const d of downloads) {
      if (adminFiles.has(d.path)) failures.push(`${route} loads the admin area (${d.path}).`);
      if (markdownFiles.has(d.path)) failures.push(`${route} loads the markdown renderer (${d.path}).`);
    }
    if (downloads.some((d) => d.encoding === 'identity')) failures.push(`${route} received uncompressed assets.`);
  }
  await browser.close();

  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log('First visit, bytes on the wire with headers (brotli), every script until the page settled:');
  console.log(['route'.padEnd(26), 'JS'.padStart(10), 'files'.padStart(6), 'CSS'.padStart(10), 'beacon'.padStart(9), 'vitals'.padStart(9), '  encodings'].join(''));
  for (const row of rows) {
    console.log([row.route.padEnd(26), kb(row.js).padStart(10), String(row.jsFiles).padStart(6), kb(row.css).padStart(10), kb(row.beacon).padStart(9), kb(row.webVitals).padStart(9), `  ${row.encodings}`].join(''));
  }
  console.log(
    `Budget: home, /book and blog pages' JavaScript ≤ ${kb(HOME_JS_BUDGET)} on the wire, every script included; the beacon's share ≤ ${kb(BEACON_BUDGET)} compressed; web-vitals only after the load event, ≤ ${kb(WEB_VITALS_BUDGET)} compressed; admin chunk on no visitor page; markdown renderer on no first load.`,
  );
} finally {
  await server.stop();
}

if (failures.length > 0) {
  console.error(`\nBundle budget failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('Bundle budget met.');
