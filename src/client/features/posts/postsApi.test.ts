import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { injectFetch } from '../../../server/render/inject-fetch';
import type { Config } from '../../../server/config';
import { makeStore } from '../../app/store';
import { removeDataDir, testConfig } from '../../../../test/support/test-config';
import { postsApi } from './postsApi';

// Component and store tests reach the real API in-process: buildApp plus injectFetch.
let app: FastifyInstance;
let config: Config;

beforeAll(async () => {
  config = testConfig();
  app = await buildApp(config);
});

afterAll(async () => {
  await app.close();
  removeDataDir(config);
});

it('reaches the real server from jsdom and reports its errors', async () => {
  const store = makeStore({ apiBaseUrl: 'http://in-process.invalid', fetchFn: injectFetch(app) });
  const result = await store.dispatch(postsApi.endpoints.getPostBySlug.initiate('no-such-post'));
  expect(result.error).toMatchObject({ status: 404, data: { message: expect.any(String) } });
});
