import { execFileSync } from 'node:child_process';
import path from 'node:path';

// Every file under src/ and test/ is named in kebab-case, styles included; each case asks the real
// config about a file at a path (the file need not exist).
const refused: Array<[string, string, string]> = [
  ['a PascalCase component', 'src/client/features/blog/BlogListPage.tsx', 'export {};'],
  ['a camelCase module', 'src/client/features/blog/pagerSlice.ts', 'export {};'],
  ['a camelCase hook', 'src/client/lib/useDraft.ts', 'export {};'],
  ['a PascalCase CSS module', 'src/client/features/blog/BlogListPage.module.css', ''],
  ['a PascalCase test', 'test/api/PostsApi.test.ts', 'export {};'],
];
const accepted: Array<[string, string, string]> = [
  ['a kebab-case component', 'src/client/features/blog/blog-list-page.tsx', 'export {};'],
  ['a kebab-case CSS module', 'src/client/features/blog/blog-list-page.module.css', ''],
  ['a kebab-case test with a middle extension', 'src/client/features/blog/blog-list-page.hydration.test.tsx', 'export {};'],
  ['a one-word server module', 'src/server/app.ts', 'export {};'],
  ['a numbered migration', 'src/server/db/migrations/012-next-change.ts', 'export {};'],
];

const findings = new Map<string, string[]>();

beforeAll(() => {
  const all = [...refused, ...accepted];
  const cases = all.map(([, file, code]) => ({ file, code }));
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-cases.mjs'), JSON.stringify(cases)], { encoding: 'utf8' });
  (JSON.parse(output) as Array<Array<{ ruleId: string }>>).forEach((messages, index) => findings.set(all[index]![0], messages.map((message) => message.ruleId)));
}, 60_000);

describe('file names', () => {
  it.each(refused)('fail the lint for %s', (name) => {
    expect(findings.get(name)).toEqual(['check-file/filename-naming-convention']);
  });

  it.each(accepted)('pass the lint for %s', (name) => {
    expect(findings.get(name)).toEqual([]);
  });
});
