// The abuse drill (docs/benchmarks.md#abuse-drill): what anonymous floods and an attacker's bursts
// cost the site, each figure printed beside the bound it must keep. Every flood runs against the
// production build on a server of its own, so one flood's leftovers never weigh on the next.
//
//   npm run drill:abuse                 every flood
//   npm run drill:abuse -- beacons      only the named ones (beacons, logins, cache, contact)
//
// Exits 1 when any figure misses its bound.
import { assertBuilt } from './lib/serve-built.mjs';

const floods = {
  beacons: () => import('./lib/abuse-beacons.mjs'),
  logins: () => import('./lib/abuse-logins.mjs'),
  cache: () => import('./lib/abuse-cache.mjs'),
  contact: () => import('./lib/abuse-contact.mjs'),
};

const asked = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const unknown = asked.filter((name) => !(name in floods));
if (unknown.length > 0) {
  console.error(`Unknown flood: ${unknown.join(', ')}. Known: ${Object.keys(floods).join(', ')}.`);
  process.exit(2);
}
const names = asked.length > 0 ? asked : Object.keys(floods);

assertBuilt();
const rows = [];
for (const name of names) {
  console.log(`\n# ${name}`);
  const { drill } = await floods[name]();
  const started = performance.now();
  for (const row of await drill({ log: (text) => console.log(`  ${text}`) })) rows.push({ flood: name, ...row });
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

const format = (value) => (Number.isInteger(value) ? value.toLocaleString('en-GB') : value.toFixed(value < 10 ? 2 : 1));
console.log('\n| flood | figure | measured | bound | |');
console.log('|---|---|---:|---|---|');
for (const row of rows) console.log(`| ${row.flood} | ${row.figure} | ${format(row.value)} ${row.unit} | ${row.bound} | ${row.ok ? 'ok' : 'MISSED'} |`);

const missed = rows.filter((row) => !row.ok);
console.log(missed.length === 0 ? '\nEvery bound held.' : `\n${missed.length} of ${rows.length} bounds missed.`);
process.exit(missed.length === 0 ? 0 : 1);
