import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { deriveText } from '../../../server/posts/derived-text';
import { INJECT_BASE_URL } from '../../../server/render/inject-fetch';
import type { Post } from '../../../shared/api-types';
import { RuntimeConfigProvider } from '../../lib/runtime-config';
import { makeStore } from '../../lib/store/store';
import { renderWithApp, testConfig } from '../../../../test/support/render-with-app';
import { withRealApi } from '../../../../test/support/real-api';
import BlogListPage from './blog-list-page';

// The list in jsdom, against the real API in-process, and against servers that behave otherwise.
const api = withRealApi();

beforeEach(async () => {
  await api.app.database.db.deleteFrom('posts').execute();
  // Posts changed behind the API's back: drop the cached pages and anonymous API reads.
  api.app.contentCache.drop();
});

/** Posts of known dates, written straight into the table with the text the server derives on a write. */
async function insertPosts(count: number): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    const at = new Date(Date.UTC(2024, 0, i)).toISOString();
    const content = `Text of **post ${i}**.`;
    await api.app.database.db
      .insertInto('posts')
      .values({ id: `post-${i}`, title: `Post ${i}`, content, slug: `post-${i}`, image_key: null, published_at: at, created_at: at, updated_at: at, ...deriveText(content, api.app.config.siteUrl) })
      .execute();
  }
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderList(path: string, fetchFn: typeof fetch = api.fetch, apiBaseUrl = INJECT_BASE_URL) {
  const store = makeStore({ apiBaseUrl, fetchFn });
  return renderWithApp(
    <>
      <Routes>
        <Route path="/blog" element={<BlogListPage />} />
        <Route path="/blog/search" element={<p>The search page</p>} />
      </Routes>
      <Address />
    </>,
    { path, store },
  );
}

const cardTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

it('says the blog is empty, without a pager', async () => {
  renderList('/blog');
  expect(await screen.findByText('No blog posts yet — check back soon.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'From the Blog' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
});

it('pages with Previous and Next, keeping the page in the address', async () => {
  await insertPosts(12);
  renderList('/blog');
  await screen.findByText('Page 1 of 3');
  expect(cardTitles()).toEqual(['Post 12', 'Post 11', 'Post 10', 'Post 9', 'Post 8']);
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(screen.getByRole('link', { name: 'Read More about Post 12' })).toHaveAttribute('href', '/blog/post-12');
  expect(screen.getAllByText(/\.\.\.$/)[0]).toHaveTextContent('Text of post 12....');

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Page 2 of 3');
  expect(screen.getByTestId('address')).toHaveTextContent('/blog?page=2');
  await waitFor(() => expect(cardTitles()).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3']));

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(cardTitles()).toEqual(['Post 2', 'Post 1']));
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await screen.findByText('Page 2 of 3');
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await screen.findByText('Page 1 of 3');
  expect(screen.getByTestId('address')).toHaveTextContent(/^\/blog$/);
});

it('makes an enabled Previous or Next a link to its page, and leaves the disabled one a disabled button', async () => {
  await insertPosts(12);
  renderList('/blog?page=2');
  await screen.findByText('Page 2 of 3');
  const previous = screen.getByRole('button', { name: 'Previous' });
  const next = screen.getByRole('button', { name: 'Next' });
  // Links that work without the script, and that a crawler follows to the older posts.
  expect([previous.tagName, previous.getAttribute('href')]).toEqual(['A', '/blog']);
  expect([next.tagName, next.getAttribute('href')]).toEqual(['A', '/blog?page=3']);

  // With the script, Space presses it as it presses a button, and the app shows the page.
  next.focus();
  await userEvent.keyboard(' ');
  await screen.findByText('Page 3 of 3');
  expect(screen.getByTestId('address')).toHaveTextContent('/blog?page=3');
  const last = screen.getByRole('button', { name: 'Next' });
  expect([last.tagName, last.hasAttribute('href')]).toEqual(['BUTTON', false]);
  expect(last).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('href', '/blog?page=2');
});

it('shows the nearest page for one out of range, and puts it in the address', async () => {
  await insertPosts(7);
  renderList('/blog?page=9');
  await screen.findByText('Page 2 of 2');
  await waitFor(() => expect(cardTitles()).toEqual(['Post 2', 'Post 1']));
  await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/blog?page=2'));
});

it('says the list failed, with no cards and no empty text, when the API fails', async () => {
  const failing: typeof fetch = async () => new Response(JSON.stringify({ message: 'down' }), { status: 500, headers: { 'content-type': 'application/json' } });
  renderList('/blog', failing, 'https://other.example');
  expect(await screen.findByText('Failed to load blog posts.')).toBeInTheDocument();
  expect(screen.queryByText('No blog posts yet — check back soon.')).toBeNull();
  expect(screen.queryAllByRole('article')).toHaveLength(0);
  expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
});

it('treats a malformed answer as a failure', async () => {
  const malformed: typeof fetch = async () => new Response(JSON.stringify({ posts: [] }), { headers: { 'content-type': 'application/json' } });
  renderList('/blog', malformed, 'https://other.example');
  expect(await screen.findByText('Failed to load blog posts.')).toBeInTheDocument();
});

it('pages the whole array itself when the server sends no X-Total-Count', async () => {
  // A server that only honours the original contract: no tags, no reading time.
  const all: Array<Omit<Post, 'tags'>> = Array.from({ length: 12 }, (_, i) => ({
    _id: `id-${12 - i}`,
    title: `Old server post ${12 - i}`,
    content: 'Words.',
    slug: `old-${12 - i}`,
    imageUrl: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    status: 'published',
    publishedAt: '2024-01-01T00:00:00.000Z',
  }));
  const oldServer: typeof fetch = async () => new Response(JSON.stringify(all), { headers: { 'content-type': 'application/json' } });
  renderList('/blog?page=3', oldServer, 'https://other.example');
  await screen.findByText('Page 3 of 3');
  expect(cardTitles()).toEqual(['Old server post 2', 'Old server post 1']);
  const pager = screen.getByRole('navigation', { name: 'Blog pages' });
  expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
});

describe('the page lives in the address, and the pagers slice follows it', () => {
  /** The list in a router with a history of its own, whose back and forward the test can press. */
  function renderWithHistory(entries: string[]) {
    const store = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn: api.fetch });
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home</p> },
        {
          path: '/blog',
          element: (
            <>
              <BlogListPage />
              <Address />
            </>
          ),
        },
      ],
      { initialEntries: entries, initialIndex: entries.length - 1 },
    );
    // What reached the pager's slice, and the address at that moment.
    const pagerActions: Array<{ type: string; payload: unknown; search: string }> = [];
    const dispatch = store.dispatch;
    store.dispatch = ((action: { type: string; payload?: unknown }) => {
      if (typeof action === 'object' && action.type.startsWith('pagers/')) pagerActions.push({ type: action.type, payload: action.payload, search: router.state.location.search });
      return dispatch(action as Parameters<typeof dispatch>[0]);
    }) as typeof dispatch;
    render(
      <Provider store={store}>
        <RuntimeConfigProvider value={testConfig}>
          <RouterProvider router={router} />
        </RuntimeConfigProvider>
      </Provider>,
    );
    const go = (delta: number) => act(() => router.navigate(delta));
    return { store, router, pagerActions, go };
  }

  it('moves with the browser’s back and forward buttons', async () => {
    await insertPosts(12);
    const { go, store } = renderWithHistory(['/', '/blog']);
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    await waitFor(() => expect(cardTitles()).toEqual(['Post 2', 'Post 1']));

    await go(-1);
    await screen.findByText('Page 2 of 3');
    expect(screen.getByTestId('address')).toHaveTextContent('/blog?page=2');
    await waitFor(() => expect(cardTitles()).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3']));
    expect(store.getState().pagers?.blog).toEqual({ requested: 2, page: 2, pageCount: 3 });

    await go(-1);
    await screen.findByText('Page 1 of 3');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/blog$/);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await go(1);
    await screen.findByText('Page 2 of 3');
    await waitFor(() => expect(cardTitles()).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3']));
    expect(store.getState().pagers?.blog).toEqual({ requested: 2, page: 2, pageCount: 3 });
  });

  it('renders the page a direct address asks for', async () => {
    await insertPosts(12);
    const { store } = renderWithHistory(['/blog?page=3']);
    await screen.findByText('Page 3 of 3');
    await waitFor(() => expect(cardTitles()).toEqual(['Post 2', 'Post 1']));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByTestId('address')).toHaveTextContent('/blog?page=3');
    await waitFor(() => expect(store.getState().pagers).toEqual({ blog: { requested: 3, page: 3, pageCount: 3 } }));
  });

  it('shows the last page for one past the end, and replaces the address, so Back skips it', async () => {
    await insertPosts(12);
    const { router, go, store } = renderWithHistory(['/', '/blog?page=99']);
    await screen.findByText('Page 3 of 3');
    await waitFor(() => expect(cardTitles()).toEqual(['Post 2', 'Post 1']));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/blog?page=3'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(store.getState().pagers?.blog).toEqual({ requested: 3, page: 3, pageCount: 3 }));

    await go(-1);
    expect(await screen.findByText('Home')).toBeInTheDocument();
  });

  it('the buttons change the address, and only then does the slice hear of the new page', async () => {
    await insertPosts(12);
    const { pagerActions } = renderWithHistory(['/blog']);
    await screen.findByText('Page 1 of 3');
    pagerActions.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(pagerActions).toEqual([{ type: 'pagers/pageRequested', payload: { key: 'blog', page: 2 }, search: '?page=2' }]);
  });

  it('forgets the pager when the list leaves the screen', async () => {
    await insertPosts(12);
    const { store, go } = renderWithHistory(['/', '/blog?page=2']);
    await screen.findByText('Page 2 of 3');
    await waitFor(() => expect(store.getState().pagers).toEqual({ blog: { requested: 2, page: 2, pageCount: 3 } }));
    await go(-1);
    await screen.findByText('Home');
    expect(store.getState().pagers).toEqual({});
  });
});

it('carries the blog’s search form above the list, leading to the search page', async () => {
  await insertPosts(2);
  renderList('/blog');
  const form = screen.getByRole('search');
  expect(form).toHaveAttribute('action', '/blog/search');
  expect(form).toHaveAttribute('method', 'get');
  const box = within(form).getByRole('searchbox', { name: 'Search the blog' });
  expect(box).toHaveAttribute('name', 'q');
  await screen.findByText('Post 2');
  expect(form.compareDocumentPosition(screen.getByRole('list')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  await userEvent.type(box, '  quince jam {Enter}');
  await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/blog/search?q=quince+jam'));
  expect(screen.getByText('The search page')).toBeInTheDocument();
});
