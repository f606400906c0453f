// Bundle budget: what a first visit to each public page downloads, measured in Chromium as
// the server sends it (brotli where the browser accepts it). Fails when the home page's
// first-load JavaScript exceeds the budget, or when the admin area or the markdown renderer
// reaches a visitor's first load (a post keeps the HTML the server rendered, so not even blog
// posts need the renderer; it loads when a post is opened from within the app).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import chromiumFlags from './lib/chromium-flags.cjs';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { root, startBuiltServer } from './lib/serve-built.mjs';

const HOME_JS_BUDGET = 125_000;
const port = Number(process.env.BUNDLE_PORT ?? 3150);
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'dist/client/assets/manifest.json'), 'utf8'));
const filesOf = (predicate) =>
  new Set(Object.entries(manifest.chunks).filter(([name]) => predicate(name)).flatMap(([, files]) => [...files.js, ...files.css]));
// The admin area is what only admin pages load: a vendor chunk it shares with visitor pages
// (the markdown parser, which the blog's summaries use too) is not admin code.
// The admin area's charts (admin-charts) are admin code too.
const isAdmin = (name) => name === 'admin' || name.startsWith('admin-');
const visitorFiles = filesOf((name) => !isAdmin(name));
const adminFiles = new Set([...filesOf(isAdmin)].filter((file) => !visitorFiles.has(file)));
const markdownFiles = filesOf((name) => /markdown/i.test(name));
// The insights beacon loads after the app starts, on every public page; it is part of the first
// load and may add at most 2 kB on the wire (docs/product.md#insights). The web-vitals library
// (LCP, INP, CLS and the FCP that CLS needs: some 2.8 kB in version 6, more than the budget on its
// own) is not part of the first load: the beacon fetches it after the page's load event, when the
// browser is idle, and it reads the browser's buffered entries from the start of the page. The
// check fails if it is requested before the load event ends, and holds it to a size of its own so
// that it cannot grow unnoticed.
const INSIGHTS_BUDGET = 2_000;
const WEB_VITALS_BUDGET = 3_000;
const insightsFiles = filesOf((name) => name === 'insights');
const webVitalsFiles = filesOf((name) => name === 'web-vitals');

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

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  const rows = [];
  for (const route of routes) {
    // A fresh context is a first visit: empty cache.
    const context = await browser.newContext();
    const page = await context.newPage();
    const downloads = [];
    page.on('requestfinished', async (request) => {
      const url = new URL(request.url());
      if (!/\.(js|css)$/.test(url.pathname)) return;
      const sizes = await request.sizes();
      const response = await request.response();
      downloads.push({ path: url.pathname, bytes: sizes.responseBodySize, encoding: response?.headers()['content-encoding'] ?? 'identity' });
    });
    const beacon = page.waitForRequest((request) => webVitalsFiles.has(new URL(request.url()).pathname), { timeout: 10_000 }).then(() => page.waitForLoadState('networkidle'), () => null);
    await page.goto(server.baseUrl + route, { waitUntil: 'networkidle' });
    await beacon;
    const timing = await page.evaluate((files) => {
      const [navigation] = performance.getEntriesByType('navigation');
      const vitals = performance.getEntriesByType('resource').find((entry) => files.includes(new URL(entry.name).pathname));
      return { loadEnd: navigation?.loadEventEnd ?? 0, vitalsStart: vitals?.startTime ?? null };
    }, [...webVitalsFiles]);
    await context.close();

    const js = downloads.filter((d) => d.path.endsWith('.js'));
    const css = downloads.filter((d) => d.path.endsWith('.css'));
    const sum = (list) => list.reduce((total, d) => total + d.bytes, 0);
    const shape = route.startsWith('/blog/tag/') ? '/blog/tag/{slug}' : route.startsWith('/blog/search') ? '/blog/search?q=' : '/blog/{slug}';
    rows.push({ route: route.startsWith('/blog/') ? shape : route, js: sum(js), jsFiles: js.length, css: sum(css), encodings: [...new Set(downloads.map((d) => d.encoding))].join(',') });

    // The home page's budget holds for the blog's pages too: they are where visitors arrive from search.
    if ((route === '/' || route.startsWith('/blog')) && sum(js) > HOME_JS_BUDGET) failures.push(`${route} first-load JavaScript is ${sum(js)} bytes, over the ${HOME_JS_BUDGET} budget.`);
    const insights = sum(downloads.filter((d) => insightsFiles.has(d.path)));
    const webVitals = sum(downloads.filter((d) => webVitalsFiles.has(d.path)));
    if (insights === 0 || webVitals === 0) failures.push(`${route} did not load the insights beacon and web-vitals.`);
    if (insights > INSIGHTS_BUDGET) failures.push(`${route}: the insights beacon is ${insights} bytes, over its ${INSIGHTS_BUDGET} budget.`);
    if (webVitals > WEB_VITALS_BUDGET) failures.push(`${route}: web-vitals is ${webVitals} bytes, over its ${WEB_VITALS_BUDGET} budget.`);
    if (timing.vitalsStart !== null && timing.vitalsStart < timing.loadEnd) {
      failures.push(`${route}: web-vitals was requested at ${Math.round(timing.vitalsStart)} ms, before the load event ended (${Math.round(timing.loadEnd)} ms): it must not be part of the first load.`);
    }
    Object.assign(rows[rows.length - 1], { beacon: insights, webVitals });
    for (const d of downloads) {
      if (adminFiles.has(d.path)) failures.push(`${route} loads the admin area (${d.path}).`);
      if (markdownFiles.has(d.path)) failures.push(`${route} loads the markdown renderer (${d.path}).`);
    }
    if (downloads.some((d) => d.encoding === 'identity')) failures.push(`${route} received uncompressed assets.`);
  }
  await browser.close();

  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log('First visit, bytes on the wire (brotli):');
  console.log(['route'.padEnd(26), 'JS'.padStart(10), 'files'.padStart(6), 'CSS'.padStart(10), 'beacon'.padStart(9), 'vitals'.padStart(9), '  encodings'].join(''));
  for (const row of rows) {
    console.log([row.route.padEnd(26), kb(row.js).padStart(10), String(row.jsFiles).padStart(6), kb(row.css).padStart(10), kb(row.beacon).padStart(9), kb(row.webVitals).padStart(9), `  ${row.encodings}`].join(''));
  }
  console.log(
    `Budget: home and blog pages' JavaScript ≤ ${kb(HOME_JS_BUDGET)} (web-vitals included); the beacon ≤ ${kb(INSIGHTS_BUDGET)} on the first load; web-vitals only after the load event, ≤ ${kb(WEB_VITALS_BUDGET)}; admin chunk on no visitor page; markdown renderer on no first load.`,
  );
} finally {
  await server.stop();
}

if (failures.length > 0) {
  console.error(`\nBundle budget failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('Bundle budget met.');
