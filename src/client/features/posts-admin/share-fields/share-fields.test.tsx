import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '../../../../shared/api-types';
import { renderAdmin } from '../../../app/testing/admin-harness';
import { storeOwnerToken, withRealApi } from '../../../../../test/support/real-api';
import { cutForSearch } from './search-cut';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

const listPosts = async () => (await api.app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>();

describe('cutForSearch', () => {
  it('keeps a text that fits, and cuts a longer one at a word with an ellipsis', () => {
    expect(cutForSearch('Short and sweet.')).toBe('Short and sweet.');
    const long = `${'word '.repeat(40)}end`;
    const cut = cutForSearch(long);
    expect([...cut].length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
  });
});

describe('the search and share fields of the editor', () => {
  it('shows the search result and the link card while typing, with counters against the limits', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/new', api.fetch);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Bakery speed');
    await user.type(screen.getByLabelText('Body'), 'The body words come first.');
    // Without a description, the text's first words serve, as on the page.
    await waitFor(() => expect(screen.getByTestId('search-preview-description')).toHaveTextContent('The body words come first.'));
    expect(screen.getByText('agency.test/blog/bakery-speed', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByText('Bakery speed | Blog | Larkspur Web Studio').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText('Description'), 'Twice as fast pages.');
    await waitFor(() => expect(screen.getByTestId('card-preview-description')).toHaveTextContent('Twice as fast pages.'));
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(expect.stringContaining('20 / 300 characters'));
    await user.type(screen.getByLabelText('Image alt text'), 'A loaf');
    expect(screen.getByRole('img', { name: 'A loaf' })).toBeInTheDocument();
    expect(screen.getByLabelText('Image alt text')).toHaveAccessibleDescription(expect.stringContaining('6 / 250 characters'));
  });

  it('marks a description over its limit and shows the server refusing it, storing nothing', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/new', api.fetch);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Too long');
    await user.type(screen.getByLabelText('Body'), 'Body.');
    await user.click(screen.getByLabelText('Description'));
    await user.paste('x'.repeat(305));
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('305 / 300 characters: 5 too many')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText(/Description \(description\) must be at most 300 characters/)).toBeInTheDocument();
    expect(await listPosts()).toEqual([]);
  });

  it('sends the fields with the post', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/new', api.fetch);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Shared post');
    await user.type(screen.getByLabelText('Body'), 'Body.');
    await user.type(screen.getByLabelText('Description'), 'What it is about.');
    await user.type(screen.getByLabelText('Image alt text'), 'What it shows');
    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    await waitFor(async () => expect((await listPosts())[0]).toMatchObject({ description: 'What it is about.', imageAlt: 'What it shows' }));
  });
});
