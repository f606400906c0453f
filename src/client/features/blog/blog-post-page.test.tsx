import { act, screen, waitFor, within } from '@testing-library/react';
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
import { adminToken, createPost } from '../../../../test/support/posts-api';
import { removeDataDir, testConfig } from '../../../../test/support/test-config';
import BlogPostPage from './blog-post-page';

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

describe('tags, reading time and related posts', () => {
  beforeAll(async () => {
    const token = await adminToken(app);
    const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');
    // 461 words: three minutes at 230 a minute.
    await createPost(app, token, { title: 'Shop speed', body: words(461), tags: 'Performance, Shops, Hosting' });
    await createPost(app, token, { title: 'Two in common', body: 'Words.', tags: 'Performance, Shops' });
    await createPost(app, token, { title: 'One in common', body: 'Words.', tags: 'Hosting' });
    await createPost(app, token, { title: 'Nothing in common', body: 'Words.', tags: 'Typography' });
  });

  it('shows the reading time and the tags as links, and ends with the posts sharing the most tags', async () => {
    renderPost('/blog/shop-speed');
    await screen.findByRole('heading', { level: 1, name: 'Shop speed' });
    expect(screen.getByText('3 min read')).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/blog/tag/performance', '/blog/tag/shops', '/blog/tag/hosting']);
    const related = await screen.findByRole('region', { name: 'Related posts' });
    expect(within(related).getAllByRole('link').map((link) => link.textContent)).toEqual(['Two in common', 'One in common']);
    expect(within(related).getByRole('link', { name: 'Two in common' })).toHaveAttribute('href', '/blog/two-in-common');
  });

  it('shows no related posts when none shares a tag', async () => {
    let answered = false;
    const inject = injectFetch(app);
    renderPost('/blog/nothing-in-common', async (input, init) => {
      const response = await inject(input, init);
      if (new URL(new Request(input, init).url).pathname.endsWith('/related')) answered = (await response.clone().text()) === '[]';
      return response;
    });
    await screen.findByRole('heading', { level: 1, name: 'Nothing in common' });
    // The empty answer arrived and was drawn: nothing.
    await waitFor(() => expect(answered).toBe(true));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('region', { name: 'Related posts' })).toBeNull();
    expect(screen.queryByText('Related posts')).toBeNull();
  });

  it('arrives from the server with the related posts in the HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/blog/shop-speed' });
    expect(response.body).toMatch(/<h2 id="related-posts">Related posts<\/h2>/);
    expect(response.body).toContain('Two in common');
    expect(response.body).toContain('3 min read');
  });
});
