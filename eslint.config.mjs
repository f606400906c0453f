import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way (design.md): shared ← client ← server's render entry only.
const restrict = (patterns) => ['error', { patterns }];

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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/client/**', '**/server/**'], message: 'shared/ imports nothing from client/ or server/.' }]) },
  },
  {
    // Tests may build the real server to talk to.
    files: ['src/client/**'],
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/server/**'], message: 'client/ never imports server/.' }]) },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/render/**'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/client/**'], message: 'Only server/render/ reaches into client/, through its render entry.' }]) },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
