import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The lint is what keeps the layers from growing upward: each case places one import in a file
// of a given folder (the file need not exist; the import's target does) and asks the real config.
const forbidden: Array<[string, string, string]> = [
  ['the shared layer imports a feature', 'src/client/lib/fixture.ts', "export { selectToken } from '../features/session';"],
  ['a component imports a feature', 'src/client/components/ui/Fixture.tsx', "export { Pager } from '../../features/blog';"],
  ['a feature imports app/', 'src/client/features/blog/fixture.ts', "export { routes } from '../../app/routes';"],
  ['a feature reaches inside another', 'src/client/features/admin/fixture.ts', "export { sessionMachine } from '../session/sessionMachine';"],
  ['shared/ imports the client', 'src/shared/fixture.ts', "export { makeStore } from '../client/lib/store/store';"],
  ['the client imports the server', 'src/client/features/blog/fixture.ts', "export { buildApp } from '../../../server/app';"],
  ['the server reaches past the render entry', 'src/server/render/fixture.ts', "export { STATE_SCRIPT_ID } from '../../client/lib/state-script';"],
];
const allowed: Array<[string, string, string]> = [
  ['a feature uses the shared layer', 'src/client/features/blog/fixture.ts', "export { makeStore } from '../../lib/store/store';"],
  ['a feature uses another through its entry', 'src/client/features/admin/fixture.ts', "export { selectToken } from '../session';"],
  ['app/ composes a feature', 'src/client/app/fixture.ts', "export { sessionMachine } from '../features/session/sessionMachine';"],
  ['the server uses the render entry', 'src/server/render/fixture.ts', "export { renderPage } from '../../client/app/render-page';"],
  ['a client test builds the real server', 'src/client/features/blog/fixture.test.ts', "export { buildApp } from '../../../server/app';"],
];

const findings = new Map<string, string[]>();

beforeAll(() => {
  const cases = [...forbidden, ...allowed].map(([, file, code]) => ({ file, code }));
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-cases.mjs'), JSON.stringify(cases)], { encoding: 'utf8' });
  (JSON.parse(output) as string[][]).forEach((messages, index) => findings.set([...forbidden, ...allowed][index]![0], messages));
}, 60_000);

describe('import boundaries', () => {
  it.each(forbidden)('fail the lint when %s', (name) => {
    expect(findings.get(name)).toHaveLength(1);
  });

  it.each(allowed)('pass the lint when %s', (name) => {
    expect(findings.get(name)).toEqual([]);
  });
});
