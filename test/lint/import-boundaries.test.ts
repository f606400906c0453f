import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The lint is what keeps the layers from growing upward: each case places one import in a file
// of a given folder (the file need not exist; the import's target does) and asks the real config.
// A cycle needs the other half on disk: its case stands in for a real file that the target imports.
const forbidden: Array<[string, string, string]> = [
  ['the shared layer imports a feature', 'src/client/lib/fixture.ts', "export { selectToken } from '../features/session';"],
  ['a component imports a feature', 'src/client/components/ui/fixture.tsx', "export { Pager } from '../../features/blog';"],
  ['a feature imports app/', 'src/client/features/blog/fixture.ts', "export { routes } from '../../app/routes';"],
  ['a feature imports the admin test harness', 'src/client/features/inbox/fixture.ts', "export { renderAdmin } from '../../app/testing/admin-harness';"],
  ['a feature test imports the route table', 'src/client/features/inbox/fixture.test.ts', "export { routes } from '../../app/routes';"],
  ['a feature reaches inside another', 'src/client/features/posts-admin/fixture.ts', "export { sessionMachine } from '../session/session-machine';"],
  ['shared/ imports the client', 'src/shared/fixture.ts', "export { makeStore } from '../client/lib/store/store';"],
  ['the client imports the server', 'src/client/features/blog/fixture.ts', "export { buildApp } from '../../../server/app';"],
  ['the server reaches past the render entry', 'src/server/render/fixture.ts', "export { STATE_SCRIPT_ID } from '../../client/lib/state-script';"],
  ['a server foundation imports a feature', 'src/server/http/fixture.ts', "export { postNotFound } from '../posts/post-lookup';"],
  ['a first feature imports one built on it', 'src/server/posts/fixture.ts', "export { searchPlugin } from '../search/routes';"],
  ['a feature imports another of its rank', 'src/server/contact/fixture.ts', "export { securityPlugin } from '../security/routes';"],
  ['a feature imports the app', 'src/server/posts/fixture.ts', "export { buildApp } from '../app';"],
];
const cycles: Array<[string, string, string]> = [
  // http/errors.ts imports db/connection-loss.ts: both foundations, so only the cycle is wrong.
  ['two server modules import each other', 'src/server/db/connection-loss.ts', "export { HttpError } from '../http/errors';"],
  // db/database.ts imports db/statement-cache.ts, which imports cache/ttl-cache.ts.
  ['a cycle runs through three modules', 'src/server/cache/ttl-cache.ts', "export { openDatabase } from '../db/database';"],
];
const allowed: Array<[string, string, string]> = [
  ['a feature uses the shared layer', 'src/client/features/blog/fixture.ts', "export { makeStore } from '../../lib/store/store';"],
  ['a feature uses another through its entry', 'src/client/features/posts-admin/fixture.ts', "export { selectToken } from '../session';"],
  ['app/ composes a feature', 'src/client/app/fixture.ts', "export { sessionMachine } from '../features/session/session-machine';"],
  ['the server uses the render entry', 'src/server/render/fixture.ts', "export { renderPage } from '../../client/app/render-page';"],
  ['a feature test renders the admin area as the app holds it', 'src/client/features/inbox/fixture.test.ts', "export { renderAdmin } from '../../app/testing/admin-harness';"],
  ['a client test builds the real server', 'src/client/features/blog/fixture.test.ts', "export { buildApp } from '../../../server/app';"],
  ['a feature uses a server foundation', 'src/server/contact/fixture.ts', "export { EncodedBody } from '../http/encoded-body';"],
  ['a feature builds on a first feature', 'src/server/security/fixture.ts', "export { accountsPlugin } from '../accounts/routes';"],
  ['a server test builds the app', 'src/server/posts/fixture.test.ts', "export { buildApp } from '../app';"],
];

const findings = new Map<string, string[]>();

beforeAll(() => {
  const all = [...forbidden, ...cycles, ...allowed];
  const cases = all.map(([, file, code]) => ({ file, code }));
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-cases.mjs'), JSON.stringify(cases)], { encoding: 'utf8' });
  (JSON.parse(output) as Array<Array<{ ruleId: string }>>).forEach((messages, index) => findings.set(all[index]![0], messages.map((message) => message.ruleId)));
}, 60_000);

describe('import boundaries', () => {
  it.each(forbidden)('fail the lint when %s', (name) => {
    expect(findings.get(name)).toEqual(['import-x/no-restricted-paths']);
  });

  it.each(cycles)('fail the lint when %s', (name) => {
    expect(findings.get(name)).toEqual(['import-x/no-cycle']);
  });

  it.each(allowed)('pass the lint when %s', (name) => {
    expect(findings.get(name)).toEqual([]);
  });
});
