import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPost } from '../../../../../test/support/posts-api';
import { storeOwnerToken, withRealApi } from '../../../../../test/support/real-api';
import { renderAdmin } from '../../../app/testing/admin-harness';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

it('changes the address of a published post, keeping the editor’s text, and the old address redirects', async () => {
  const token = await storeOwnerToken(api);
  const post = await createPost(api.app, token, { title: 'Old name', body: 'Its text.' });
  renderAdmin(`/admin/edit/${post._id}`, api.fetch);
  const user = userEvent.setup();
  const field = await screen.findByRole('textbox', { name: 'Address of the post' });
  expect(field).toHaveValue('old-name');
  expect(screen.getByRole('button', { name: 'Change address' })).toBeDisabled();
  expect(screen.getByText(/it redirects to the new one/)).toBeInTheDocument();

  await user.clear(field);
  await user.type(field, 'Search');
  await user.click(screen.getByRole('button', { name: 'Change address' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('/blog/search is a page of the blog itself');

  await user.clear(field);
  await user.type(field, 'new-name');
  await user.click(screen.getByRole('button', { name: 'Change address' }));
  expect(await screen.findByText('The post is now at /blog/new-name; /blog/old-name redirects there.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Old name'));
  await api.app.redirects.reload();
  expect(api.app.redirects.table.match('/blog/old-name')).toEqual({ location: '/blog/new-name', status: 301 });
});
