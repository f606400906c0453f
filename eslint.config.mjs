import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (docs/architecture.md): shared ← client ← server's render entry, and inside
 * the client lib/ and components/ ← features ← app. A feature reaches another feature only through
 * its public entry (index.ts; tests also through its testing/ folder). The zones are checked on
 * resolved paths, so a relative import cannot slip past them.
 */
const features = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const here = import.meta.dirname;
const zones = [
  { target: './src/shared', from: ['./src/client', './src/server'], message: 'shared/ imports nothing from client/ or server/.' },
  { target: './src/client', from: './src/server', message: 'client/ never imports server/ (tests may, to build the real API).' },
  {
    target: './src/server',
    from: './src/client',
    except: ['./app/render-page.tsx'],
    message: 'The server reaches the client only through its render entry, client/app/render-page.tsx.',
  },
  {
    target: ['./src/client/lib', './src/client/components', './src/client/features'],
    from: './src/client/app',
    message: 'app/ composes the features; nothing but the entries imports it.',
  },
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
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${here}/tsconfig.json` })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: here, zones }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // Tests may build the real server to talk to.
    files: ['src/client/**/*.test.{ts,tsx}', 'src/client/**/testing/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: here, zones: zones.filter((zone) => zone.target !== './src/client') }],
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
