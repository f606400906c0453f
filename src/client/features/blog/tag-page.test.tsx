import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { INJECT_BASE_URL } from '../../../server/render/inject-fetch';
import { makeStore } from '../../lib/store/store';
import { adminToken, createPost } from '../../../../test/support/posts-api';
import { renderWithApp } from '../../../../test/support/render-with-app';
import { withRealApi } from '../../../../test/support/real-api';
import TagPage from './tag-page';

// The tag page in jsdom and as the server renders it, against the real API in-process.
const api = withRealApi();
let token: string;

beforeAll(async () => {
  token = await adminToken(api.app);
  // Seven posts tagged React (two pages of five), one tagged SEO alone, one draft tagged React.
  for (let i = 1; i <= 7; i += 1) {
    await createPost(api.app, token, { title: `React note ${i}`, body: `Words about components, number ${i}.`, tags: i % 2 ? 'React, Performance' : 'React' });
  }
  await createPost(api.app, token, { title: 'Search basics', body: 'Titles and descriptions.', tags: 'SEO' });
  await createPost(api.app, token, { title: 'Unfinished React draft', body: 'Not yet.', tags: 'React', status: 'draft' });
});

function Address() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search}</div>;
}

function renderTag(path: string) {
  const store = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn: api.fetch });
  return renderWithApp(
    <>
      <Routes>
        <Route path="/blog/tag/:slug" element={<TagPage />} />
      </Routes>
      <Address />
    </>,
    { path, store },
  );
}

const cardTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

it('lists the tag’s published posts, newest first, five a page, with the page in the address', async () => {
  renderTag('/blog/tag/react');
  expect(await screen.findByRole('heading', { level: 1, name: 'Posts tagged “React”' })).toBeInTheDocument();
  await screen.findByText('Page 1 of 2');
  expect(cardTitles()).toEqual(['React note 7', 'React note 6', 'React note 5', 'React note 4', 'React note 3']);
  expect(document.title).toBe('React | Blog | Larkspur Web Studio');
  expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://agency.test/blog/tag/react');
  expect(document.querySelector('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/blog/tag/react/rss.xml');
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^7 posts tagged “React” on the Larkspur Web Studio blog/);

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Page 2 of 2');
  expect(screen.getByTestId('address')).toHaveTextContent('/blog/tag/react?page=2');
  await waitFor(() => expect(cardTitles()).toEqual(['React note 2', 'React note 1']));
  expect(document.title).toBe('React, page 2 | Blog | Larkspur Web Studio');
  expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://agency.test/blog/tag/react?page=2');
});

it('shows each card’s tags as links to their pages, and its reading time', async () => {
  renderTag('/blog/tag/performance');
  await screen.findByText('React note 7');
  const card = screen.getByRole('heading', { level: 2, name: 'React note 7' }).closest('article')!;
  const tags = within(card).getByRole('list', { name: 'Tags' });
  expect(within(tags).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['React', '/blog/tag/react'],
    ['Performance', '/blog/tag/performance'],
  ]);
  expect(within(card).getByText('1 min read')).toBeInTheDocument();
  // Four odd-numbered posts: one page, no pager.
  expect(cardTitles()).toHaveLength(4);
  expect(screen.queryByRole('navigation')).toBeNull();
});

it('says the page does not exist for an unknown tag', async () => {
  renderTag('/blog/tag/no-such-tag');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).toBeNull();
});

describe('rendered on the server', () => {
  it('arrives with its cards, title, canonical address and feed; the second page names itself', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/blog/tag/react' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>React | Blog | Larkspur Web Studio</title>');
    expect(response.body).toContain('<link rel="canonical" href="https://agency.test/blog/tag/react"/>');
    expect(response.body).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="Larkspur Web Studio blog: React" href="\/blog\/tag\/react\/rss.xml"\/>/);
    expect(response.body).toContain('React note 7');
    expect(response.body).not.toContain('Unfinished React draft');
    expect(response.body).not.toContain('noindex');

    const second = await api.app.inject({ method: 'GET', url: '/blog/tag/react?page=2' });
    expect(second.body).toContain('React note 1');
    expect(second.body).not.toContain('React note 7');
    expect(second.body).toContain('<link rel="canonical" href="https://agency.test/blog/tag/react?page=2"/>');
  });

  it('answers 404 for an unknown tag, and for a tag only a draft carries', async () => {
    await createPost(api.app, token, { title: 'Hidden', body: 'Draft only.', tags: 'Secret plans', status: 'draft' });
    for (const url of ['/blog/tag/no-such-tag', '/blog/tag/secret-plans']) {
      const response = await api.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Page not found');
    }
  });
});
