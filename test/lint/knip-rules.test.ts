import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `npm run lint` runs knip with knip.jsonc; a small project planted with unused exports, laid out
// as the config expects (an entry under scripts/, code under src/), is checked with that same file,
// so a rule turned off there (or an ignore too wide) shows here.
const root = path.resolve(__dirname, '../..');
const fixture = path.join(__dirname, 'fixtures/knip');

interface KnipIssue {
  file: string;
  exports: Array<{ name: string }>;
  types: Array<{ name: string }>;
  files: unknown[];
}

let issues: KnipIssue[];
let status: number | null;

beforeAll(() => {
  const knip = path.join(root, 'node_modules/knip/bin/knip.js');
  const run = spawnSync(process.execPath, [knip, '--config', path.join(root, 'knip.jsonc'), '--reporter', 'json', '--no-progress'], { cwd: fixture, encoding: 'utf8' });
  status = run.status;
  issues = (JSON.parse(run.stdout) as { issues: KnipIssue[] }).issues;
}, 60_000);

describe("knip with the project's config", () => {
  it('fails on the planted project', () => {
    expect(status).toBe(1);
  });

  it('reports an export nothing imports, and one used only in its own file', () => {
    const words = issues.find((issue) => issue.file === 'src/shared/words.ts');
    expect(words?.exports.map((unused) => unused.name)).toEqual(['SEPARATOR', 'longestWord']);
  });

  it('reports an exported type nothing imports', () => {
    const words = issues.find((issue) => issue.file === 'src/shared/words.ts');
    expect(words?.types.map((unused) => unused.name)).toEqual(['Word']);
  });

  it('reports nothing else: the export the entry imports is used', () => {
    expect(issues.map((issue) => issue.file)).toEqual(['src/shared/words.ts']);
  });
});
