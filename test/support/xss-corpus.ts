import fs from 'node:fs';
import path from 'node:path';
import { generatedXssLists } from '../fixtures/xss-generated';

/**
 * The XSS payloads the tests send: the generated corpus and the public lists kept in
 * test/fixtures/xss always, and extra lists as well where a machine has them: the folder
 * XSS_LISTS_DIR names, and ../shared/fixtures/xss beside the checkout. Each payload is sent
 * once, under the first list that holds it.
 */

export interface PayloadList {
  name: string;
  payloads: string[];
}

const REPO = path.resolve(__dirname, '../..');
const KEPT_LISTS = path.join(REPO, 'test/fixtures/xss');
const EXTRA_LISTS = [process.env.XSS_LISTS_DIR, path.resolve(REPO, '../shared/fixtures/xss')].filter((dir): dir is string => Boolean(dir));

function listsIn(dir: string): PayloadList[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => ({
      name: path.relative(REPO, path.join(dir, name)),
      payloads: fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter((line) => line.trim() !== ''),
    }));
}

/** The folders of extra lists present here, each once however it is reached. */
function extraDirs(): string[] {
  const found = new Set<string>();
  for (const dir of EXTRA_LISTS) {
    if (fs.existsSync(dir)) found.add(fs.realpathSync(dir));
  }
  return [...found];
}

export function xssPayloadLists(): PayloadList[] {
  const seen = new Set<string>();
  const unseen = (payload: string) => {
    if (seen.has(payload)) return false;
    seen.add(payload);
    return true;
  };
  return [...generatedXssLists(), ...listsIn(KEPT_LISTS), ...extraDirs().flatMap(listsIn)]
    .map(({ name, payloads }) => ({ name, payloads: payloads.filter(unseen) }))
    .filter((list) => list.payloads.length > 0);
}

export function xssPayloads(): string[] {
  return xssPayloadLists().flatMap((list) => list.payloads);
}
