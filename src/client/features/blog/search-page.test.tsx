import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { SearchPage as SearchAnswer } from '../../../shared/api-types';
import { INJECT_BASE_URL } from '../../../server/render/inject-fetch';
import { makeStore } from '../../lib/store/store';
import { adminToken, createPost } from '../../../../test/support/posts-api';
import { renderWithApp } from '../../../../test/support/render-with-app';
import { withRealApi } from '../../../../test/support/real-api';
import SearchPage from './search-page';
import { Snippet } from './snippet';

// The search page in jsdom and as the server renders it, against the real API in-process.
const api = withRealApi();
let token: string;

beforeAll(async () => {
  token = await adminToken(api.app);
  await createPost(api.app, token, { title: 'Opening hours that sell', body: 'Customers check your hours first. Quince jam makes a good **example**.', tags: 'Retail' });
  // Twelve posts holding one rare word: two pages of results.
  for (let i = 1; i <= 12; i += 1) await createPost(api.app, token, { title: `Studio diary ${i}`, body: `Entry ${i} of the diary, about the zeppelin project.` });
  await createPost(api.app, token, { title: 'Draft with quince', body: 'Quince again, but not published.', status: 'draft' });
});

function Address() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search}</div>;
}

function renderSearch(address: string) {
  const store = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn: api.fetch });
  return renderWithApp(
    <>
      <Routes>
        <Route path="/blog/search" element={<SearchPage />} />
        <Route path="/blog/:slug" element={<p>A post</p>} />
      </Routes>
      <Address />
    </>,
    { path: address, store },
  );
}

const searchbox = () => screen.getByRole('searchbox', { name: 'Search the blog' });
const resultTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

it('shows the form alone for a blank query', async () => {
  renderSearch('/blog/search?q=%20%20');
  expect(screen.getByRole('heading', { level: 1, name: 'Search the blog' })).toBeInTheDocument();
  expect(searchbox()).toHaveValue('');
  expect(screen.getByRole('search')).toHaveAttribute('action', '/blog/search');
  expect(screen.getByRole('search')).toHaveAttribute('method', 'get');
  expect(searchbox()).toHaveAttribute('name', 'q');
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByRole('list')).toBeNull();
  expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

it('finds a post by a word of its body only, marks the match, and keeps the query in the form', async () => {
  renderSearch('/blog/search?q=quince');
  expect(await screen.findByText('1 post matches "quince".')).toBeInTheDocument();
  expect(searchbox()).toHaveValue('quince');
  expect(resultTitles()).toEqual(['Opening hours that sell']);
  const link = screen.getByRole('link', { name: 'Opening hours that sell' });
  expect(link).toHaveAttribute('href', '/blog/opening-hours-that-sell');
  const result = link.closest('article')!;
  expect([...result.querySelectorAll('mark')].map((mark) => mark.textContent?.toLowerCase())).toContain('quince');
  // The snippet is the text a reader reads: no markdown syntax.
  expect(result.textContent).not.toContain('**');
  expect(document.title).toBe('Search: quince | Blog | Larkspur Web Studio');
});

it('says that nothing matches, with the query as typed', async () => {
  renderSearch('/blog/search?q=xylophone');
  expect(await screen.findByText('No posts match "xylophone".')).toBeInTheDocument();
  expect(screen.queryByRole('list')).toBeNull();
});

it('shows the API’s message for a query over 200 characters', async () => {
  renderSearch(`/blog/search?q=${'a'.repeat(201)}`);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toMatch(/200/);
});

it('pages ten results at a time, the page in the address beside the query', async () => {
  renderSearch('/blog/search?q=zeppelin');
  await screen.findByText('12 posts match "zeppelin".');
  expect(resultTitles()).toHaveLength(10);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Page 2 of 2');
  expect(screen.getByTestId('address')).toHaveTextContent('/blog/search?q=zeppelin&page=2');
  await waitFor(() => expect(resultTitles()).toHaveLength(2));
});

it('searches from the form, starting on the first page of the new query', async () => {
  renderSearch('/blog/search?q=zeppelin&page=2');
  await screen.findByText('Page 2 of 2');
  await userEvent.clear(searchbox());
  await userEvent.type(searchbox(), 'quince{Enter}');
  await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/blog\/search\?q=quince$/));
  expect(await screen.findByText('1 post matches "quince".')).toBeInTheDocument();
});

// Every payload of the public lists in test/fixtures/xss, stored in a post: on the search page
// it is text, and no element but the page's own ever appears.
const fixtures = path.resolve(__dirname, '../../../../test/fixtures/xss');
const payloads = fs
  .readdirSync(fixtures)
  .filter((name) => name.endsWith('.txt'))
  .flatMap((name) => fs.readFileSync(path.join(fixtures, name), 'utf8').split('\n'))
  .filter((line) => line.trim() !== '');

const PAGE_ELEMENTS = new Set(['DIV', 'HEADER', 'H1', 'FORM', 'LABEL', 'INPUT', 'BUTTON', 'P', 'OL', 'LI', 'ARTICLE', 'H2', 'A', 'MARK', 'NAV']);

describe('every XSS payload stored in a post stays inert', () => {
  beforeAll(async () => {
    for (const [index, payload] of payloads.entries()) {
      await createPost(api.app, token, { title: `Payload ${index}`, body: `Wombat ${payload} wombat` });
    }
  }, 120_000);

  it('on the search page', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const { container } = renderSearch('/blog/search?q=wombat');
    await screen.findByText(`${payloads.length} posts match "wombat".`);
    const foreign = [...container.querySelectorAll('*')].filter((element) => !PAGE_ELEMENTS.has(element.tagName) || [...element.attributes].some((attribute) => /^on/i.test(attribute.name)));
    expect(foreign.map((element) => element.outerHTML)).toEqual([]);
    for (const snippet of within(container).getAllByRole('article').map((article) => article.querySelector('p')!)) {
      expect([...snippet.querySelectorAll('*')].every((element) => element.tagName === 'MARK' && element.attributes.length === 0)).toBe(true);
    }
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('in the snippet of every result', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const failures: string[] = [];
    let seen = 0;
    for (let page = 1; seen < payloads.length; page += 1) {
      const response = await api.app.inject({ method: 'GET', url: `/api/search?q=wombat&page=${page}` });
      const { results } = response.json<SearchAnswer>();
      if (results.length === 0) break;
      seen += results.length;
      for (const { post, snippet } of results) {
        const { container, unmount } = render(<Snippet snippet={snippet} />);
        const elements = [...container.firstElementChild!.querySelectorAll('*')];
        if (elements.some((element) => element.tagName !== 'MARK' || element.attributes.length > 0)) failures.push(`${post.title}: ${container.innerHTML}`);
        unmount();
      }
    }
    expect(seen).toBe(payloads.length);
    expect(failures).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  }, 60_000);
});

// Last: a page the server rendered in this process leaves React's router context behind it in
// jsdom, where a later client render would find itself inside another router.
describe('rendered on the server', () => {
  it('arrives with its results, noindex, and the query in the form', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/blog/search?q=quince' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    expect(response.body).toContain('Opening hours that sell');
    expect(response.body).not.toContain('Draft with quince');
    expect(response.body).toMatch(/<input[^>]* type="search" name="q" value="quince"/);
    expect(response.body).toMatch(/<mark>quince<\/mark>/i);
  });

  it('answers 400 with the message for a query over 200 characters', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/blog/search?q=${'a'.repeat(201)}` });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/role="alert"[^>]*>[^<]*200/);
  });
});
