// Search at scale: the production server with 100,000 published posts of realistic length
// (generated, inserted in bulk, derived and indexed by the server at start), on SQLite and, when
// DATABASE_URL is set, PostgreSQL. Median and p99 of GET /api/search for common words, rare
// words, phrases and queries that match nothing, and of a tag's page against the same page on a
// site of 100 posts. Read cache off, so every request searches.
// Targets: p99 under 50 ms on SQLite for every query shape; a tag page within 1.2× of 100 posts.
import { randomBytes } from 'node:crypto';
import { insertPosts, seededRandom } from './lib/bulk-posts.mjs';
import { adminToken, createPost } from './lib/seed.mjs';
import { percentile, printTable, timeInTurn } from './lib/measure.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SAMPLES = 200;
const WARM_UP = 20;

const COMMON = `the of and to a in is it you that for on with as are be this have from or by not but what all
were when we there can an your which their if do will each about how up out them then she many some so
these would other into has more her two like him see time could no make than first been its who now
people my made over did down only way find use may water long little very after words called just where
most know get through back much before go good new write our used me man too any day same right look think
also around another came come work three word must because does part even place well such here take why
help put different away again off went old number great tell men say small every found still between name
should home big give air line set own under read last never us left end along while might next sound below
saw something thought both few those always looked show large often together asked house don't world going
want school important until form food keep children feet land side without boy once animals life enough
took sometimes four head above kind began almost live page got earth need far hand high year mother light
parts country father let night following picture being study second eyes soon times story boys since white
days ever paper hard near sentence better best across during today others however sure means knew try told
young miles sun ways thing whole hear example heard several change answer room sea against top turned learn
point city play toward five using himself usually`.split(/\s+/);
const DOMAIN = `website websites page pages customer customers phone mobile speed fast design shop online
search engine ranking content blog post image images checkout payment hosting server security update plugin
theme layout menu button form contact lead leads booking calendar map review reviews photo gallery video
accessibility contrast keyboard screen reader font typography colour brand logo copy headline newsletter
email analytics privacy cookie performance cache budget launch project client agency business local bakery
florist plumber dentist studio restaurant cafe salon gym shopify wordpress react markdown seo keyword`.split(/\s+/);
const TAGS = ['SEO', 'Performance', 'Design', 'Accessibility', 'Online Shops', 'Hosting', 'Security', 'Content', 'Local Business', 'Case Study',
  'WordPress', 'React', 'Analytics', 'Privacy', 'Email', 'Branding', 'Photography', 'Mobile', 'Forms', 'Maintenance'];

/** Words drawn mostly from common English, a fifth from the trade; sentences, paragraphs, some markdown. */
function makePost(random, i) {
  const word = () => (random() < 0.8 ? COMMON[Math.floor(random() ** 2 * COMMON.length)] : DOMAIN[Math.floor(random() * DOMAIN.length)]);
  const sentence = () => {
    const words = Array.from({ length: 8 + Math.floor(random() * 14) }, word);
    if (random() < 0.15) words.splice(Math.floor(random() * words.length), 0, 'online', 'shop');
    if (random() < 0.1) words[0] = `**${words[0]}**`;
    const text = words.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const target = 300 + Math.floor(random() * 900);
  const blocks = [];
  let words = 0;
  while (words < target) {
    const kind = random();
    if (kind < 0.1) blocks.push(`## ${sentence().slice(0, -1)}`);
    else if (kind < 0.2) blocks.push(Array.from({ length: 3 }, () => `- ${sentence()}`).join('\n'));
    else blocks.push(Array.from({ length: 3 + Math.floor(random() * 4) }, sentence).join(' '));
    words = blocks.join(' ').split(/\s+/).length;
  }
  // A rare word: in one post of five thousand.
  if (i % 5000 === 17) blocks.push('We met a quokka on the way to the client.');
  const tags = [...new Set(Array.from({ length: Math.floor(random() * 4) }, () => TAGS[Math.floor(random() * TAGS.length)]))];
  return { title: sentence().slice(0, 60).replace(/\.$/, ''), content: blocks.join('\n\n'), tags };
}

function rowsFor(count) {
  const random = seededRandom(7);
  const base = Date.parse('2015-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(base + i * 60_000).toISOString();
    const post = makePost(random, i);
    return { id: `bulk-${i}`, ...post, slug: `archive-${i}`, publishedAt: at, createdAt: at };
  });
}

/**
 * A server whose database holds `count` posts: migrated by a first start, filled, then started
 * again. BENCH_DATA_DIR names a SQLite data folder a previous run filled, to measure again
 * without generating and deriving 100,000 posts anew (the run prints the folder it made).
 */
async function serverWith(count, port, database, reuse) {
  const env = { PAGE_CACHE_SECONDS: '0', ...(database ? { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema, SECRETS_KEY: randomBytes(32).toString('base64url') } : {}) };
  if (reuse) {
    const server = await startBuiltServer({ port, env, dataDir: reuse, startSeconds: 1200 });
    return { server, deriveSeconds: 0, words: NaN };
  }
  const first = await startBuiltServer({ port, env });
  await first.stop();
  const rows = rowsFor(count);
  await insertPosts({ dataDir: first.dataDir, database }, rows);
  const started = performance.now();
  const server = await startBuiltServer({ port, env, dataDir: first.dataDir, startSeconds: 1200 });
  if (!database) console.log(`${count.toLocaleString('en-US')} posts in ${first.dataDir}`);
  return { server, deriveSeconds: (performance.now() - started) / 1000, words: rows.reduce((sum, row) => sum + row.content.split(/\s+/).length, 0) / count };
}

/** Median and p99 of each target's times, measured in turn. */
async function measure(...urls) {
  const timings = await timeInTurn(urls.map((url) => [url]), { warmUp: WARM_UP, samples: SAMPLES });
  return timings.map((runs) => {
    const ms = runs.map((run) => run.ms);
    return { median: percentile(ms, 0.5), p99: percentile(ms, 0.99) };
  });
}

const QUERIES = [
  ['common word', 'website'],
  ['common words', 'fast mobile pages'],
  ['rare word', 'quokka'],
  ['phrase', '"online shop"'],
  ['exclusion', 'checkout -wordpress'],
  ['no match', 'xylophonic'],
];

const engines = [{ name: 'SQLite', database: undefined }];
if (process.env.DATABASE_URL) engines.push({ name: 'PostgreSQL', database: { url: process.env.DATABASE_URL, schema: `bench_${randomBytes(4).toString('hex')}` } });

let missed = false;
for (const [index, { name, database }] of engines.entries()) {
  const port = 3190 + index * 2;
  const large = await serverWith(POSTS, port, database, database ? undefined : process.env.BENCH_DATA_DIR);
  const small = await serverWith(100, port + 1, database && { ...database, schema: `${database.schema}_small` });
  const rows = [];
  try {
    // The same five newest posts of the tag on both sites, so that the two tag pages differ only
    // in how many posts the site and the tag hold (thousands against a handful).
    for (const { server } of [large, small]) {
      const token = await adminToken(server.baseUrl);
      const random = seededRandom(99);
      for (let i = 0; i < 5; i++) await createPost(server.baseUrl, token, { title: `Tag probe ${i}`, body: makePost(random, i).content, tags: ['SEO'] });
    }
    for (const [label, q] of QUERIES) rows.push({ label, q, ...(await measure(`${large.server.baseUrl}/api/search?q=${encodeURIComponent(q)}`))[0] });
    for (const [label, path] of [['tag page (API)', '/api/posts?tag=seo&page=1&limit=5'], ['tag page (HTML)', '/blog/tag/seo']]) {
      const [smallFigures, largeFigures] = await measure(small.server.baseUrl + path, large.server.baseUrl + path);
      rows.push({ label, q: `${smallFigures.median.toFixed(1)} ms at 100`, ...largeFigures, ratio: largeFigures.median / smallFigures.median });
    }
  } finally {
    await large.server.stop();
    await small.server.stop();
  }
  printTable(
    `${name}: ${POSTS.toLocaleString('en-US')} published posts${Number.isNaN(large.words) ? ' (a folder filled before)' : ` of ${Math.round(large.words)} words on average (derived and indexed at start in ${large.deriveSeconds.toFixed(0)} s)`}; ${SAMPLES} requests each after ${WARM_UP} unmeasured:`,
    rows,
    [
      ['request', (r) => r.label, 18],
      ['query', (r) => r.q, 24],
      ['median', (r) => `${r.median.toFixed(1)} ms`, 11],
      ['p99', (r) => `${r.p99.toFixed(1)} ms`, 11],
      ['vs 100 posts', (r) => (r.ratio ? `${r.ratio.toFixed(2)}×` : ''), 14],
    ],
  );
  const misses = rows.filter((r) => (r.ratio ? r.ratio > 1.2 : name === 'SQLite' && r.p99 >= 50));
  if (misses.length) missed = true;
  console.log(misses.length ? `Target missed: ${misses.map((r) => r.label).join(', ')}` : 'Targets met.');
}
process.exitCode = missed ? 1 : 0;
