// `npm run dev`: rebuild client and server on every change and restart the server when its
// bundle changes. Redux DevTools is on in development builds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverBundle = path.join(root, 'dist/server/main.js');
const children = [];
const run = (command, args, env = {}) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
};

fs.rmSync(serverBundle, { force: true });
run('npx', ['webpack', '--mode', 'development', '--watch']);

// Start the server once its first bundle exists; node --watch restarts it on every rebuild.
const waitForBundle = setInterval(() => {
  if (!fs.existsSync(serverBundle)) return;
  clearInterval(waitForBundle);
  run(process.execPath, ['--watch', '--enable-source-maps', serverBundle], { NODE_ENV: 'development' });
}, 500);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
