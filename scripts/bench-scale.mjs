// Scale: the same production server with 10 posts, 10,000 and 100,000 (BENCH_LARGE_POSTS;
// inserted straight into the database, not through HTTP calls; a tenth are drafts and a tenth
// scheduled, as a blog with a publishing workflow has). Time and bytes of the blog, its last
// page, a post, a tag page, the sitemap (an index past 50,000 addresses), the feed, API pages, a
// search and the owner's list, counts and search, with the render cache off so every request
// does the work. Target at 10,000: each within 1.2× of the 10-post figure, except what must read
// every post or match, which has a bound of its own: the sitemap under 1 s, the search and the
// owner's search (a scan of titles and texts, which finds parts of words) under 50 ms, the
// owner's counts under 20 ms.
import { insertPosts } from './lib/bulk-posts.mjs';
import { adminToken, createPost, samplePostBody } from './lib/seed.mjs';
import { percentile, printTable, timeInTurn } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const SAMPLES = 50;
const WARM_UP = 20;

/** Medians of one request of each size in turn; the first requests of each kind are not measured. */
async function compare(smallUrl, largeUrl) {
  const [small, large] = await timeInTurn([smallUrl, largeUrl], { warmUp: WARM_UP, samples: SAMPLES });
  const of = (timings) => ({ ms: percentile(timings.map((r) => r.ms), 0.5), bytes: timings.at(-1).bytes });
  return { small: of(small), large: of(large) };
}

/** When an inserted post is (or will be) published: every tenth a draft, every tenth scheduled. */
const publishedAtFor = (i, at) => (i % 10 === 3 ? null : i % 10 === 7 ? '2099-01-01T09:00:00.000Z' : at);
const TAGS = ['SEO', 'Performance', 'Design', 'Accessibility', 'Online Shops', 'Hosting', 'Security', 'Content'];

/** Rows like the API would write (created_at spread over the past), and how many are published. */
function bulkRows(count) {
  const base = Date.parse('2020-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(base + i * 60_000).toISOString();
    return { id: `bulk-${i}`, title: `Archive post ${i}`, content: samplePostBody, slug: `archive-post-${i}`, publishedAt: publishedAtFor(i, at), createdAt: at, tags: [TAGS[i % TAGS.length], TAGS[(i * 3) % TAGS.length]] };
  });
}

const targets = ({ published, slug, token }) => {
  const owner = { authorization: `Bearer ${token}` };
  return [
    ['/blog', ['/blog']],
    ['/blog last page', [`/blog?page=${Math.ceil(published / 5)}`]],
    ['/blog/{slug}', [`/blog/${slug}`]],
    ['/blog/tag/{tag}', ['/blog/tag/seo']],
    ['/sitemap.xml', ['/sitemap.xml']],
    ['/rss.xml', ['/rss.xml']],
    ['API page 1', ['/api/posts?page=1&limit=5']],
    ['API tag page 1', ['/api/posts?tag=seo&page=1&limit=5']],
    ['API search', ['/api/search?q=phone%20questions']],
    ["owner's drafts", ['/api/posts?page=1&limit=5&status=draft', owner]],
    ["owner's counts", ['/api/post-counts', owner]],
    ["owner's search", ['/api/posts?page=1&limit=10&q=phone%20questions', owner]],
  ];
};

/**
 * A server whose database holds `total` posts: two made through the API, the rest inserted in
 * bulk while it is stopped, then derived and indexed by the server as it starts again.
 */
async function serverWith(total, port) {
  const env = { PAGE_CACHE_SECONDS: '0' };
  const first = await startBuiltServer({ port, env });
  const token = await adminToken(first.baseUrl);
  const { slug } = await createPost(first.baseUrl, token, { title: 'The post we measure', body: samplePostBody, tags: ['SEO'] });
  // A draft of its own, so that the smaller blog has one too.
  await createPost(first.baseUrl, token, { title: 'A draft', body: samplePostBody, status: 'draft' });
  await first.stop();
  const rows = bulkRows(total - 2);
  await insertPosts({ dataDir: first.dataDir }, rows);
  const server = await startBuiltServer({ port, env, dataDir: first.dataDir, startSeconds: 1200 });
  const published = 1 + rows.filter((row) => row.publishedAt === row.createdAt).length;
  return { server, slug, token, published };
}

const small = await serverWith(10, 3180);
const medium = await serverWith(10_000, 3181);
const LARGE = Number(process.env.BENCH_LARGE_POSTS ?? 100_000);
const large = await serverWith(LARGE, 3182);
const rows = [];
let sitemapFile;
try {
  const [smallTargets, mediumTargets, largeTargets] = [targets(small), targets(medium), targets(large)];
  for (const [index, [label, [target, headers]]] of smallTargets.entries()) {
    const url = (server, [path, pathHeaders]) => [server.server.baseUrl + path, pathHeaders];
    const vsMedium = await compare([small.server.baseUrl + target, headers], url(medium, mediumTargets[index][1]));
    const vsLarge = await compare([small.server.baseUrl + target, headers], url(large, largeTargets[index][1]));
    rows.push({ label, small: vsMedium.small, medium: vsMedium.large, large: vsLarge.large, ratio: vsMedium.large.ms / vsMedium.small.ms, largeRatio: vsLarge.large.ms / vsLarge.small.ms });
  }
  // Past 50,000 addresses the sitemap is an index; its first file holds 50,000 of them.
  if (LARGE > 50_000) {
    const [file] = await timeInTurn([[`${large.server.baseUrl}/sitemap-1.xml`]], { warmUp: WARM_UP, samples: SAMPLES });
    sitemapFile = { ms: percentile(file.map((r) => r.ms), 0.5), bytes: file.at(-1).bytes };
  }
} finally {
  await small.server.stop();
  await medium.server.stop();
  await large.server.stop();
}

printTable(`Scale, median of ${SAMPLES} requests of each size in turn after ${WARM_UP} unmeasured, render cache off:`, rows, [
  ['request', (r) => r.label, 18],
  ['10 posts', (r) => `${r.small.ms.toFixed(1)} ms`, 11],
  ['bytes', (r) => r.small.bytes, 8],
  ['10,000', (r) => `${r.medium.ms.toFixed(1)} ms`, 11],
  ['ratio', (r) => r.ratio.toFixed(2), 7],
  [LARGE.toLocaleString('en-US'), (r) => `${r.large.ms.toFixed(1)} ms`, 11],
  ['bytes', (r) => r.large.bytes, 9],
  ['ratio', (r) => r.largeRatio.toFixed(2), 7],
]);
if (sitemapFile) console.log(`/sitemap-1.xml at ${LARGE.toLocaleString('en-US')} posts (50,000 addresses): ${sitemapFile.ms.toFixed(1)} ms, ${sitemapFile.bytes} bytes`);
// What reads every match or every post has a bound instead: a search ranks up to 200 matches,
// where the 10-post site has ten.
const bounds = { '/sitemap.xml': 1000, 'API search': 50, "owner's counts": 20, "owner's search": 50 };
const misses = rows.filter((r) => (r.label in bounds ? r.medium.ms >= bounds[r.label] : r.ratio > 1.2));
console.log(
  misses.length
    ? `\nTarget missed at 10,000: ${misses.map((r) => r.label).join(', ')}`
    : "\nTarget met at 10,000: within 1.2×; the sitemap under 1 s, searches under 50 ms and the owner's counts under 20 ms.",
);
