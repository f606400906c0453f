// `npm start`: build when there is no build or the sources are newer than it, then serve.
// `node scripts/start.mjs --entry=<name> [args]` runs another built server entry the same way
// (the owner's tools: npm run admin, npm run backup), keeping its stdout for its own output.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [first, ...rest] = process.argv.slice(2);
const entry = first?.startsWith('--entry=') ? first.slice('--entry='.length) : 'main';
const args = entry === 'main' ? process.argv.slice(2) : rest;
const isServer = entry === 'main';
const builtServer = path.join(root, `dist/server/${entry}.js`);
const builtClient = path.join(root, 'dist/client/assets/manifest.json');

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function builtAt() {
  const server = fs.statSync(builtServer, { throwIfNoEntry: false });
  const client = fs.statSync(builtClient, { throwIfNoEntry: false });
  return server && client ? Math.min(server.mtimeMs, client.mtimeMs) : 0;
}

const sources = ['src', 'public', 'webpack.config.js', 'package-lock.json'].map((p) => path.join(root, p));
if (builtAt() < Math.max(...sources.map(newestMtime))) {
  (isServer ? console.log : console.error)('Building the site (the build is missing or older than the sources)...');
  const build = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: isServer ? 'inherit' : ['ignore', 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// --build-only: what tests and measuring scripts use before they start the server themselves.
if (isServer && args.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, ['--enable-source-maps', builtServer, ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
