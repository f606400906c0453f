// `npm run dev`: the client with hot module replacement (webpack-dev-server on PORT, default
// 3000), the server rebuilt on every change and restarted by node --watch on DEV_SERVER_PORT
// (3001); the dev server proxies pages and the API to it. Redux DevTools is on in development.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '3000';
const serverPort = process.env.DEV_SERVER_PORT ?? '3001';
const serverBundle = path.join(root, 'dist/server/main.js');
const children = [];
const run = (command, args, env = {}) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
};

fs.rmSync(serverBundle, { force: true });
run('npx', ['webpack', '--mode', 'development', '--watch', '--config-name', 'server']);
run('npx', ['webpack', 'serve', '--mode', 'development', '--config-name', 'client'], { PORT: port, DEV_SERVER_PORT: serverPort });

// Start the server once its first bundle exists; node --watch restarts it on every rebuild.
const waitForBundle = setInterval(() => {
  if (!fs.existsSync(serverBundle)) return;
  clearInterval(waitForBundle);
  run(process.execPath, ['--watch', '--enable-source-maps', serverBundle], {
    NODE_ENV: 'development',
    PORT: serverPort,
    SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
  });
}, 500);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
