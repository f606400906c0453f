import { useState } from 'react';
import type { BackupRunSummary } from '../../../shared/contract/backups';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { Seo } from '../../components/seo/seo';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useDownloadBackupMutation, useGetBackupsQuery } from './backups-api';
import styles from './backups.module.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function lastRunLine(run: BackupRunSummary, scheduleOn: boolean): string {
  const by = run.trigger === 'schedule' ? 'the daily schedule' : 'npm run backup';
  if (run.state === 'running') return `Running since ${when(run.startedAt)} (${by}).`;
  if (run.state === 'interrupted') {
    // A scheduled day is taken again by the next pass of the schedule, if it still runs.
    const again = run.trigger === 'schedule' && scheduleOn ? ' The schedule takes the day’s backup again within a few minutes.' : ' Run npm run backup to take one now.';
    return `${when(run.startedAt)}, by ${by}: stopped before it finished (the process taking it ended).${again}`;
  }
  if (run.state === 'ok') return `${when(run.startedAt)}, by ${by}: written, ${run.name ?? ''} (${megabytes(run.size ?? 0)}).`;
  return `${when(run.startedAt)}, by ${by}: failed. ${run.error ?? ''}`;
}

/** The last backup and the archives kept, each to download (docs/product.md#backups-and-the-owners-tools). */
export default function BackupsPage() {
  const heading = usePageHeading();
  const overview = useGetBackupsQuery();
  const [download, downloading] = useDownloadBackupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  const save = async (name: string) => {
    setFailure(null);
    try {
      const url = await download(name).unwrap();
      Object.assign(document.createElement('a'), { href: url, download: name }).click();
      URL.revokeObjectURL(url);
      setSaid(`${name} downloaded.`);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The download failed.'));
    }
  };

  const data = overview.data;
  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Backups" description="The site's backups: the last one and those kept." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Backups
      </h1>
      {data && (
        <p className={styles.lead}>
          {data.schedule ? 'A backup is taken every day at 03:00 in the site’s time zone' : 'The daily backup is off (BACKUP_SCHEDULE)'}, into {data.where}. The newest of
          each of the last 7 days and of each of the last 4 weeks is kept.
        </p>
      )}
      <StatusMessage>{said}</StatusMessage>
      <ErrorMessage>{failure ?? (overview.isError ? apiErrorMessage(overview.error, 'The backups could not be read.') : null)}</ErrorMessage>
      {data && (
        <>
          <section aria-labelledby="last-backup">
            <h2 id="last-backup">Last backup</h2>
            <p>{data.last ? lastRunLine(data.last, data.schedule) : 'No backup yet.'}</p>
          </section>
          <section aria-labelledby="kept-backups">
            <h2 id="kept-backups">Kept archives</h2>
            {data.archives.length === 0 ? (
              <p>No archives yet.</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Taken</th>
                    <th scope="col">Archive</th>
                    <th scope="col">Size</th>
                  </tr>
                </thead>
                <tbody>
                  {data.archives.map((archive) => (
                    <tr key={archive.name}>
                      <td>{when(archive.createdAt)}</td>
                      <td>
                        <button type="button" onClick={() => void save(archive.name)} disabled={downloading.isLoading} aria-label={`Download ${archive.name}`}>
                          {archive.name}
                        </button>
                      </td>
                      <td>{megabytes(archive.size)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
