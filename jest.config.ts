import os from 'node:os';
import type { Config } from 'jest';

// swc compiles TypeScript and the ESM-only markdown packages alike, so nothing is mocked away.
const transform: Config['transform'] = {
  '^.+\\.(t|j|mj|cj)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const shared: Config = {
  transform,
  transformIgnorePatterns: [],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/support/css-module-stub.js',
    '\\.(svg|png|jpe?g|webp|avif|gif)(\\?inline)?$': '<rootDir>/test/support/file-stub.js',
  },
};

const config: Config = {
  // Most tests build the whole app on a real database, migrations included (the client's too, with
  // the real API in process): on a busy 2-core machine that alone took past jest's 5 s, and a test
  // cut off there went on loading modules into the next suite of its worker. A project's own
  // testTimeout is not read: it is a setting of the whole run.
  testTimeout: 20_000,
  // Jest's default on two cores is one worker, in the runner's own process: there the suites wait
  // on the database and the mail receiver one after the other, and a handle one of them leaves
  // open keeps the run from ending. Two workers overlap the waits, and each is a process of its
  // own that the runner ends when the run is over.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  globalSetup: '<rootDir>/test/support/test-schema-prefix.ts',
  globalTeardown: '<rootDir>/test/support/drop-test-schemas.ts',
  projects: [
    {
      ...shared,
      displayName: 'client',
      testEnvironment: '<rootDir>/test/support/jsdom-with-fetch.js',
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}', '<rootDir>/src/shared/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setup-client.ts'],
    },
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/server/**/*.test.ts', '<rootDir>/test/api/**/*.test.ts', '<rootDir>/test/drills/**/*.test.ts', '<rootDir>/test/lint/**/*.test.ts'],
    },
  ],
};

export default config;
