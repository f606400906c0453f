import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (docs/architecture.md): shared ← client ← server's render entry, and inside
 * the client lib/ and components/ ← features ← app. A feature reaches another feature only through
 * its public entry (index.ts; tests also through its testing/ folder); the server's folders have
 * their own order below. The zones are checked on resolved paths, so a relative import cannot slip
 * past them.
 */
const features = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server's folders, bottom to top: foundations (HTTP helpers, database, caches, mail, limits,
 * tokens, storage, the page renderer) know no feature; the first features (accounts, posts, case
 * studies, site content, leads, redirects) know no feature built on them; those (security, search,
 * feeds, contact, insights, backup, import) know none of their own rank; booking and the
 * newsletter sit on those; the entries (app.ts, main.ts, cli/) come last, and only they and tests
 * import them.
 */
const serverFoundations = ['config.ts', 'http', 'db', 'cache', 'mail', 'jobs', 'abuse', 'auth', 'storage', 'render'];
const serverFirstFeatures = ['accounts', 'posts', 'case-studies', 'site', 'leads', 'redirects'];
const serverUpperFeatures = ['security', 'search', 'feeds', 'contact', 'insights', 'backup', 'import'];
/**
 * Features built on the upper ones: booking files each booking as a contact message, and it and the
 * newsletter share the contact form's defences.
 */
const serverTopFeatures = ['booking', 'newsletter'];
const serverEntries = ['app.ts', 'main.ts', 'production-env.ts', 'cli'];
const inServer = (names) => names.map((name) => `./src/server/${name}`);
const serverEntryZone = {
  target: inServer([...serverFoundations, ...serverFirstFeatures, ...serverUpperFeatures, ...serverTopFeatures]),
  from: inServer(serverEntries),
  message: 'app.ts, main.ts and cli/ compose the server; nothing under them imports them (tests may).',
};
const serverZones = [
  {
    target: inServer([...serverFoundations, ...serverFirstFeatures, ...serverUpperFeatures]),
    from: inServer(serverTopFeatures),
    message: 'Nothing below booking/ and newsletter/ imports them.',
  },
  {
    target: inServer(serverFoundations),
    from: inServer([...serverFirstFeatures, ...serverUpperFeatures]),
    message: "The server's foundations (http/, db/, cache/, render/…) import no feature.",
  },
  {
    target: inServer(serverFirstFeatures),
    from: inServer(serverUpperFeatures),
    message: 'accounts/ and posts/ import none of the features built on them.',
  },
  ...serverUpperFeatures.map((feature) => ({
    target: `./src/server/${feature}`,
    from: inServer(serverUpperFeatures.filter((other) => other !== feature)),
    message: 'A feature imports another only from the rank below it (accounts/, posts/).',
  })),
  serverEntryZone,
];

const here = import.meta.dirname;
const appZone = {
  target: ['./src/client/lib', './src/client/components', './src/client/features'],
  from: './src/client/app',
  message: 'app/ composes the features; nothing but the entries imports it.',
};
const zones = [
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'shared/ imports nothing from client/ or server/.' },
  { target: './src/client', from: './src/server', message: 'client/ never imports server/ (tests may, to build the real API).' },
  {
    target: './src/server',
    from: './src/client',
    except: ['./app/render-page.tsx'],
    message: 'The server reaches the client only through its render entry, client/app/render-page.tsx.',
  },
  appZone,
  {
    target: ['./src/client/lib', './src/client/components'],
    from: './src/client/features',
    message: 'The shared layer (lib/, components/) imports no feature.',
  },
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: ['**/src/client/features/*/**'],
    except: [`**/src/client/features/${feature}/**`, '**/src/client/features/*/index.ts', '**/src/client/features/*/testing/**'],
    message: 'A feature reaches another feature only through its public entry (index.ts).',
  })),
  ...serverZones,
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One file-naming rule for code, styles and assets alike: kebab-case (a migration's number
    // may lead), whatever follows the first dot (`.module.css`, `.test.tsx`) aside. Two names that
    // differ only in case cannot then exist, nor an import that resolves on one file system only.
    files: ['src/**/*', 'test/**/*'],
    // The public payload lists keep the names their sources publish them under.
    ignores: ['test/fixtures/xss/**'],
    plugins: { 'check-file': checkFile },
    rules: { 'check-file/filename-naming-convention': ['error', { '**/*': '+([a-z0-9])*(-+([a-z0-9]))' }, { ignoreMiddleExtensions: true }] },
  },
  {
    // Files that are not code are linted for their name alone.
    files: ['src/**/*.{css,svg,md,txt,json}', 'test/**/*.{css,svg,md,txt,json}'],
    ignores: ['test/fixtures/xss/**'],
    plugins: { 'check-file': checkFile },
    processor: 'check-file/eslint-processor-check-file',
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript preset's extensions and parsers, without its legacy resolver: the cycle
      // check reads the imported modules, and skips those it cannot parse.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${here}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: here, zones }],
      'import-x/no-duplicates': 'error',
      // A cycle makes the order modules load in decide what is defined: refused anywhere.
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Server tests build the whole app.
    files: ['src/server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: here, zones: zones.filter((zone) => zone !== serverEntryZone) }],
    },
  },
  {
    // Tests may build the real server to talk to, and render pages as the app's route table holds
    // them (app/testing/).
    files: ['src/client/**/*.test.{ts,tsx}', 'src/client/**/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: here, zones: zones.filter((zone) => zone.target !== './src/client').map((zone) => (zone === appZone ? { ...appZone, except: ['./testing'] } : zone)) },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
