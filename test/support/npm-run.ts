import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(__dirname, '../..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * `npm run <script> -- args` as the owner types it, with `input` piped to stdin. The script's
 * own command line from package.json is run directly, sparing npm's start-up each time.
 */
export function npmRun(script: string, args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const inherited = { ...process.env };
    // Only what the test names: a DATABASE_URL of the jest run must not leak into a SQLite test.
    for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'SMTP_URL', 'REDIS_URL', 'JWT_SECRET', 'ALLOW_REGISTRATION']) delete inherited[name];
    const [command, ...scriptArgs] = scripts[script]!.split(' ');
    expect(command).toBe('node');
    const child = spawn(process.execPath, [...scriptArgs, ...args], { cwd: root, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

