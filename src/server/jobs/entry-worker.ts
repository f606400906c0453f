import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The thread's first program when the server runs from its TypeScript sources (jest): Node 20
 * loads no TypeScript, so every `.ts` the entry requires is compiled as it loads by @swc/core,
 * with the settings jest.config.ts gives @swc/jest, and the entry (the thread's last argument) is
 * then required as the build would run it.
 */
const FROM_SOURCES = `
const fs = require('node:fs');
const Module = require('node:module');
const entry = process.argv[process.argv.length - 1];
const { transformSync } = Module.createRequire(entry)('@swc/core');
const options = { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } };
Module._extensions['.ts'] = (module, filename) => module._compile(transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename }).code, filename);
require(entry);
`;

/**
 * A worker thread on one of the server's entries, `name`: in the build, `dist/server/{name}.js`,
 * which webpack.config.js builds beside the server's own script (where this code runs then); run
 * from the sources, `{name}.ts` in `sourceDir` (the caller's `__dirname`).
 */
export function entryWorker(name: string, sourceDir: string, options: WorkerOptions = {}): Worker {
  if (!__filename.endsWith('.ts')) return new Worker(path.join(__dirname, `${name}.js`), options);
  return new Worker(FROM_SOURCES, { ...options, eval: true, argv: [path.join(sourceDir, `${name}.ts`)] });
}
