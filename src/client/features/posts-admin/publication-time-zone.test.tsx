/** @jest-environment-options {"timeZone": "America/New_York"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '../../../shared/api-types';
import { createPost } from '../../../../test/support/posts-api';
import { storeOwnerToken, withRealApi } from '../../../../test/support/real-api';
import { fromLocalInput, zonedMoment } from './publication';
import { renderAdmin } from '../../app/testing/admin-harness';

// The owner schedules in their browser's zone, which is not the server's (UTC) nor the test
// machine's: this file runs in New York, five hours behind UTC in winter and four in summer.
jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

async function ownerPost(token: string, title: string): Promise<Post> {
  const posts = (await api.app.inject({ method: 'GET', url: '/api/posts?limit=50', headers: { authorization: `Bearer ${token}` } })).json<Post[]>();
  return posts.find((post) => post.title === title)!;
}

describe('times in the owner’s zone', () => {
  it('reads the field and names the zone in New York time, summer and winter', () => {
    expect(fromLocalInput('2031-07-04T09:00')?.toISOString()).toBe('2031-07-04T13:00:00.000Z');
    expect(fromLocalInput('2031-01-06T09:00')?.toISOString()).toBe('2031-01-06T14:00:00.000Z');
    // 02:30 does not exist in New York on the morning summer time starts.
    expect(fromLocalInput('2031-03-09T02:30')).toBeNull();
    expect(zonedMoment(new Date('2031-07-04T13:00:00.000Z'))).toMatch(/^Jul 4, 2031, 9:00\sAM \(America\/New_York\)$/);
  });

  it('asks for the time in the owner’s zone and sends it to the API in UTC', async () => {
    const token = await storeOwnerToken(api);
    const { location, unmount } = renderAdmin('/admin/new', api.fetch);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Independence Day sale');
    await user.type(screen.getByLabelText('Body'), 'Fireworks.');
    expect(screen.queryByLabelText('Publish at (UTC)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Publish at (America/New_York)'), { target: { value: '2031-07-04T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    unmount();
    expect(await ownerPost(token, 'Independence Day sale')).toMatchObject({ status: 'scheduled', publishedAt: '2031-07-04T13:00:00.000Z' });
  });

  it('shows a scheduled time in the owner’s zone, named, on the dashboard, in the editor and on the preview', async () => {
    const token = await storeOwnerToken(api);
    const post = await createPost(api.app, token, { title: 'New year, new site', body: 'Soon.', publishAt: '2031-01-06T14:00:00.000Z' });
    const shown = /Scheduled for Jan 6, 2031, 9:00\sAM \(America\/New_York\)/;

    const dashboard = renderAdmin('/admin/dashboard', api.fetch);
    const item = (await screen.findByRole('heading', { level: 3, name: 'New year, new site' })).closest('li')!;
    expect(within(item).getByText(/^Scheduled for/)).toHaveTextContent(shown);
    dashboard.unmount();

    const editor = renderAdmin(`/admin/edit/${post._id}`, api.fetch);
    expect(await screen.findByText(/^Status:/)).toHaveTextContent(shown);
    expect(screen.getByLabelText('Publish at (America/New_York)')).toHaveValue('2031-01-06T09:00');
    editor.unmount();

    renderAdmin(`/admin/preview/${post._id}`, api.fetch);
    expect(await screen.findByText(/^Preview — this post is/)).toHaveTextContent(/scheduled for Jan 6, 2031, 9:00\sAM \(America\/New_York\)/);
  });
});
