import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../../app/testing/admin-harness';
import { startRun } from '../../../server/backup/backup-runs';
import { storeOwnerToken, withRealApi } from '../../../../test/support/real-api';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

it('shows the last backup and the kept archives, and downloads one with the owner\'s token', async () => {
  // The schedule's own run, at 03:00 in New York on 2026-03-01.
  api.app.clock.now = () => new Date('2026-03-01T08:00:00.000Z');
  api.app.backups.timeZone = async () => 'America/New_York';
  await api.app.backups.schedule.poke();
  const name = 'backup-2026-03-01T08-00-00Z.tar.gz';
  const bytes = fs.readFileSync(path.join(api.config.backupDir, name));

  // jsdom has no object URLs: what the page would hand to the browser is kept here.
  const saved: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob);
    return 'blob:backup';
  };
  URL.revokeObjectURL = () => undefined;

  await storeOwnerToken(api);
  renderAdmin('/admin/backups', api.fetch);
  const user = userEvent.setup();
  expect(await screen.findByRole('heading', { name: 'Backups', level: 1 })).toBeInTheDocument();
  expect(await screen.findByText(/The daily backup is off/)).toBeInTheDocument();
  const last = screen.getByRole('region', { name: 'Last backup' });
  expect(last).toHaveTextContent(`by the daily schedule: written, ${name}`);
  const kept = screen.getByRole('region', { name: 'Kept archives' });
  const row = within(kept).getByRole('button', { name: `Download ${name}` }).closest('tr')!;
  expect(row).toHaveTextContent('MB');

  await user.click(within(row).getByRole('button', { name: `Download ${name}` }));
  expect(await screen.findByText(`${name} downloaded.`)).toBeInTheDocument();
  expect(saved).toHaveLength(1);
  expect(Buffer.from(await saved[0]!.arrayBuffer())).toEqual(bytes);
});

it('shows a run whose process stopped before it finished as such, not as running', async () => {
  // A scheduled run opened at 03:00 in New York on 2026-03-02 whose process was then killed: nothing renews its lease.
  // The schedule is off in tests, so nothing will take the day again: the page says how to.
  await startRun(api.app.database.db, 'schedule', new Date('2026-03-02T08:00:00.000Z'), '2026-03-02');
  api.app.clock.now = () => new Date('2026-03-02T08:05:00.000Z');
  await storeOwnerToken(api);
  renderAdmin('/admin/backups', api.fetch);
  const last = await screen.findByRole('region', { name: 'Last backup' });
  expect(await within(last).findByText(/by the daily schedule: stopped before it finished \(the process taking it ended\)\. Run npm run backup to take one now\./)).toBeInTheDocument();
  expect(last).not.toHaveTextContent('Running since');
});
