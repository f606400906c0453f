import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../../app/testing/admin-harness';
import { storeOwnerToken, withRealApi } from '../../../../test/support/real-api';

jest.setTimeout(30_000);
const api = withRealApi({ withOwner: true });
const fixture = (name: string, type: string) => new File([readFileSync(path.join(__dirname, '../../../../test/fixtures/import', name))], name, { type });

it('checks a WordPress export, shows what it holds, imports it with its progress, and lists what came in', async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/import', api.fetch);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Export file'), fixture('wordpress-export.xml', 'text/xml'));
  await user.upload(screen.getByLabelText('Uploads folder as a zip (optional)'), fixture('wordpress-uploads.zip', 'application/zip'));
  await user.click(screen.getByRole('button', { name: 'Check the export' }));
  const report = await screen.findByRole('region', { name: 'What the WordPress export holds' });
  expect(report).toHaveTextContent('2 published posts');
  expect(report).toHaveTextContent('1 draft, kept as drafts');
  expect(report).toHaveTextContent('2 pages');
  expect(within(report).getByText('[gallery]')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Import 3 posts' }));
  const done = await screen.findByRole('region', { name: 'Import finished' }, { timeout: 15_000 });
  expect(within(done).getByRole('status')).toHaveTextContent('3 of 3 posts gone through: 3 imported, 0 already here, 0 not imported.');
  expect(within(done).getByRole('link', { name: 'Launching the bakery website' })).toHaveAttribute('href', '/blog/launching-the-bakery-website');
  await waitFor(() => expect(within(done).getByRole('progressbar')).toHaveAttribute('value', '3'));
});

it('says why an export is refused', async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/import', api.fetch);
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Export file'), new File(['<?xml version="1.0"?><rss><channel>'], 'broken.xml', { type: 'text/xml' }));
  await user.click(screen.getByRole('button', { name: 'Check the export' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('not well-formed XML');
});
