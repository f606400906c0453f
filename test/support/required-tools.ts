import fs from 'node:fs';
import path from 'node:path';

/**
 * Tests that need a program from outside npm (Chromium, Java) are skipped where it is not
 * installed, so a fresh clone tests on any machine; CI sets CI_REQUIRE_TOOLS=1, where a missing
 * program fails the run instead of quietly testing less.
 */

const reported = new Set<string>();

function installed(file: string): boolean {
  const candidates = file.includes('/') ? [file] : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, file));
  return candidates.some((candidate) => {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return fs.statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * The reason to skip the tests that need `name` (an absolute path, or a command looked up in
 * PATH), printed once; undefined when it is installed. Throws when CI_REQUIRE_TOOLS=1.
 *
 *   const skip = toolOrSkip('Java', 'java', 'apt-get install default-jre-headless');
 *   (skip ? describe.skip : describe)('…', () => { … });
 */
export function toolOrSkip(name: string, file: string, installHint: string): string | undefined {
  if (installed(file)) return undefined;
  const reason = `${name} is not installed (${file} not found): its tests are skipped. Install it with: ${installHint}`;
  if (process.env.CI_REQUIRE_TOOLS === '1') {
    throw new Error(`${name} is required here (CI_REQUIRE_TOOLS=1) but ${file} was not found. Install it with: ${installHint}`);
  }
  // Playwright's workers load the config again; the runner has printed the reason already.
  if (!reported.has(reason) && process.env.TEST_WORKER_INDEX === undefined) {
    reported.add(reason);
    process.stderr.write(`${reason}\n`);
  }
  return reason;
}
