import { act, screen } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { Link, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { buildApp } from '../../../server/app';
import type { Config } from '../../../server/config';
import { injectFetch, INJECT_BASE_URL } from '../../../server/render/inject-fetch';
import { hydrate } from '../../lib/api/base-api';
import { makeStore } from '../../lib/store/store';
import { postsApi } from '../posts';
import { renderWithApp } from '../../../../test/support/render-with-app';
import { removeDataDir, testConfig } from '../../../../test/support/test-config';
import BlogPostPage from './BlogPostPage';

let app: FastifyInstance;
let config: Config;

beforeAll(async () => {
  config = testConfig();
  app = await buildApp(config);
  for (const [slug, title, content] of [
    ['first-post', 'First post', 'Hello **world** with a table:\n\n| a | b |\n| - | - |\n| 1 | 2 |'],
    ['second-post', 'Second post', 'Another ~~post~~ story.'],
  ] as const) {
    const at = new Date().toISOString();
    await app.database.db.insertInto('posts').values({ id: slug, title, content, slug, image_key: null, published_at: at, created_at: at, updated_at: at }).execute();
  }
});

afterAll(async () => {
  await app.close();
  removeDataDir(config);
});

function renderPost(path: string, fetchFn: typeof fetch = injectFetch(app)) {
  const store = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn });
  return renderWithApp(
    <Routes>
      <Route
        path="/blog/:slug"
        element={
          <>
            <BlogPostPage />
            <Link to="/blog/second-post">Go to the second post</Link>
          </>
        }
      />
      <Route path="/blog" element={<p>The list</p>} />
    </Routes>,
    { path, store },
  );
}

it('shows Loading... until the post arrives, then the post rendered as markdown', async () => {
  renderPost('/blog/first-post');
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'First post' })).toBeInTheDocument();
  expect(await screen.findByRole('table')).toBeInTheDocument();
  expect(screen.getByText('world').tagName).toBe('STRONG');
  expect(document.title).toBe('First post | Blog | Larkspur Web Studio');
  await userEvent.click(screen.getByRole('link', { name: '← Back to Blog' }));
  expect(await screen.findByText('The list')).toBeInTheDocument();
});

it('loads the other post when the slug changes', async () => {
  renderPost('/blog/first-post');
  await screen.findByRole('heading', { level: 1, name: 'First post' });
  await userEvent.click(screen.getByRole('link', { name: 'Go to the second post' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Second post' })).toBeInTheDocument();
  expect((await screen.findByText('post')).tagName).toBe('DEL');
  expect(screen.queryByText('First post')).toBeNull();
});

it('says the post failed to load, and logs the error, for an unknown slug', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  renderPost('/blog/no-such-post');
  expect(await screen.findByText('Failed to load the post.')).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).toBeNull();
  expect(logged).toHaveBeenCalledWith('Failed to load the post.', expect.objectContaining({ status: 404 }));
  logged.mockRestore();
});

it('says the post failed to load when the server is unreachable', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const unreachable: typeof fetch = async () => {
    throw new TypeError('fetch failed');
  };
  renderPost('/blog/first-post', unreachable);
  expect(await screen.findByText('Failed to load the post.')).toBeInTheDocument();
  expect(logged).toHaveBeenCalled();
  await act(async () => {});
  logged.mockRestore();
});

it('keeps a failure the server rendered on screen while the browser retries, never flashing Loading...', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  // The server's store, as rendering an unknown slug leaves it, handed over as JSON.
  const server = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn: injectFetch(app) });
  await server.dispatch(postsApi.endpoints.getPostBySlug.initiate('gone-post', { subscribe: false }));
  const store = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn: injectFetch(app) });
  store.dispatch(hydrate({ api: JSON.parse(JSON.stringify(server.getState().api)) }));

  const seen = new Set<string>();
  const observer = new MutationObserver(() => seen.add(document.body.textContent ?? ''));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  renderWithApp(
    <Routes>
      <Route path="/blog/:slug" element={<BlogPostPage />} />
    </Routes>,
    { path: '/blog/gone-post', store },
  );
  seen.add(document.body.textContent ?? '');
  expect(screen.getByText('Failed to load the post.')).toBeInTheDocument();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  observer.disconnect();
  expect(screen.getByText('Failed to load the post.')).toBeInTheDocument();
  expect([...seen].filter((text) => text.includes('Loading...'))).toEqual([]);
  logged.mockRestore();
});
