// Lighthouse (mobile profile) on the pages a prospective client sees first (a tag page and the
// blog's search among them), and on the owner's
// dashboard and editor (signed in), against the built production server, with Debian's Chromium. Prints each category's score and the Core Web
// Vitals, the median of --runs (default 3). --ci: one run per page, and a non-zero exit when
// Accessibility, Best Practices or SEO is below 100 (SEO is not asked of the admin pages nor of
// the search page, which are kept out of search engines on purpose; Performance depends on the machine's load,
// so it is printed, not enforced). --save DIR: keep every run's full report (JSON) there, to
// see where the time goes. --pages /,/blog: only those of the list (a post's path as /blog/{post}).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import chromiumFlags from './lib/chromium-flags.cjs';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { openBookings } from './lib/open-bookings.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string' }, ci: { type: 'boolean' }, save: { type: 'string' }, pages: { type: 'string' } } });
const runs = values.ci ? 1 : Number(values.runs ?? 3);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3160);
const chromeFlags = ['--headless=new', ...chromiumFlags];

// A trace can fail to record (NO_NAVSTART, mostly on a fresh browser's first load); Lighthouse
// itself says to run again, so a run is retried twice before the script gives up.
async function audit(url, chromePort, { signedIn = false } = {}) {
  for (let attempt = 1; ; attempt++) {
    // Signed-in pages keep the browser's storage, where the session's token waits.
    const { lhr } = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', disableStorageReset: signedIn });
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.error(`${url}: ${lhr.runtimeError.code}, running it again`);
  }
}

if (values.save) await mkdir(values.save, { recursive: true });
const server = await startBuiltServer({ port });
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const results = [];
try {
  const token = await adminToken(server.baseUrl);
  const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 29, g: 78, b: 216 } } })
    .composite([{ input: Buffer.from('<svg width="1600" height="900"><circle cx="800" cy="450" r="300" fill="#f59e0b"/></svg>') }])
    .jpeg()
    .toBuffer();
  const post = await createPost(server.baseUrl, token, {
    title: 'Five quick wins for a faster small-business website',
    body: samplePostBody,
    image: { bytes: image, type: 'image/jpeg', name: 'cover.jpg' },
    tags: ['Performance', 'Small business'],
  });
  // Enough posts under one tag for its page to show the pager.
  for (let i = 1; i <= 6; i++) {
    await createPost(server.baseUrl, token, { title: `Notes from the studio, part ${i}`, body: samplePostBody, tags: ['Performance'] });
  }
  await openBookings(server.baseUrl, token);
  const every = ['/', '/book', '/blog', `/blog/${post.slug}`, '/blog/tag/performance', '/blog/search?q=website', '/packages', '/contact', '/portfolio/harbourline-bakery', '/admin/dashboard', `/admin/edit/${post._id}`];
  const chosen = values.pages?.split(',').map((path) => path.replace('{post}', post.slug).replace('{id}', post._id));
  const pages = chosen ? every.filter((path) => chosen.includes(path)) : every;
  const isAdmin = (path) => path.startsWith('/admin/');
  // Pages marked noindex on purpose, whose SEO score counts that against them.
  const isNoindex = (path) => isAdmin(path) || path.startsWith('/blog/search');

  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    // The owner signed in, as the admin pages need: the token where the site keeps it.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const tab = await browser.contexts()[0].newPage();
    await tab.goto(`${server.baseUrl}/admin/login`);
    await tab.evaluate((value) => window.localStorage.setItem('token', value), token);
    await tab.close();
    await browser.close();
    for (const path of pages) {
      const samples = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await audit(`${server.baseUrl}${path}`, chrome.port, { signedIn: isAdmin(path) });
        // An admin page that sent the browser to the login page would be scored as that page.
        const ended = new URL(lhr.finalDisplayedUrl);
        if (ended.pathname + ended.search !== path) throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}`);
        if (values.save) await writeFile(join(values.save, `${path.replaceAll('/', '_') || '_'}-${run + 1}.json`), JSON.stringify(lhr));
        const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
        samples.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          failing: Object.values(lhr.categories)
            .filter((category) => category.id !== 'performance' && !(category.id === 'seo' && isNoindex(path)))
            .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1).map((ref) => `${category.id}: ${ref.id}`)),
        });
      }
      const pick = (key) => median(samples.map((sample) => sample[key]));
      results.push({
        path: path.startsWith('/blog/') && !path.startsWith('/blog/tag/') && !path.startsWith('/blog/search') ? '/blog/{post with image}' : path.startsWith('/admin/edit/') ? '/admin/edit/{id}' : path,
        admin: isAdmin(path),
        noindex: isNoindex(path),
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        failing: [...new Set(samples.flatMap((sample) => sample.failing))],
      });
    }
  } finally {
    await chrome.kill();
  }
} finally {
  await server.stop();
}

console.log(`Lighthouse, mobile profile, median of ${runs} run(s):`);
console.log(['page'.padEnd(26), 'Perf'.padStart(5), 'A11y'.padStart(5), 'BP'.padStart(5), 'SEO'.padStart(5), 'LCP'.padStart(9), 'TBT'.padStart(8), 'CLS'.padStart(7)].join(''));
for (const r of results) {
  console.log(
    [r.path.padEnd(26), String(r.performance).padStart(5), String(r.accessibility).padStart(5), String(r.bestPractices).padStart(5), String(r.seo).padStart(5), `${(r.lcp / 1000).toFixed(2)} s`.padStart(9), `${Math.round(r.tbt)} ms`.padStart(8), r.cls.toFixed(3).padStart(7)].join(''),
  );
}
const below = results.filter((r) => r.accessibility < 100 || r.bestPractices < 100 || (!r.noindex && r.seo < 100));
for (const r of below) console.error(`${r.path}: failing audits: ${r.failing.join(', ')}`);
const slow = results.filter((r) => !r.admin && r.performance < 95);
if (slow.length) console.log(`Performance below 95 on: ${slow.map((r) => r.path).join(', ')} (budget 95; depends on machine load)`);
if (values.ci && below.length > 0) {
  console.error('Lighthouse budget failed: Accessibility, Best Practices and SEO must be 100.');
  process.exit(1);
}
