import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { useGetImportQuery } from './import-api';
import styles from './import.module.css';

/** The running import, asked about every second until it is done. */
export function ImportProgress({ id }: { id: string }) {
  const [polling, setPolling] = useState(true);
  const { data: job } = useGetImportQuery(id, { pollingInterval: polling ? 1000 : 0 });
  const running = !job || job.state === 'running' || job.state === 'ready';
  // Stops asking once it is over (state adjusted while rendering, as React advises over an effect).
  if (!running && polling) setPolling(false);
  if (!job) return null;
  return (
    <section aria-labelledby="import-progress" className={styles.report}>
      <h2 id="import-progress">{running ? 'Importing...' : job.state === 'done' ? 'Import finished' : 'Import stopped'}</h2>
      <progress max={job.total} value={job.done} aria-labelledby="import-progress" />
      <StatusMessage>{`${job.done} of ${job.total} posts gone through: ${job.imported.length} imported, ${job.existing} already here, ${job.failures.length} not imported.`}</StatusMessage>
      <ErrorMessage>{job.error}</ErrorMessage>
      {job.failures.length > 0 ? (
        <>
          <h3>Not imported</h3>
          <ul>
            {job.failures.map((failure) => (
              <li key={failure.post}>
                “{failure.post}”: {failure.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {!running && job.imported.length > 0 ? (
        <>
          <h3>Imported</h3>
          <ul>
            {job.imported.map((post) => (
              <li key={post.slug}>
                <a href={paths.blogPost(post.slug)}>{post.title}</a>
              </li>
            ))}
          </ul>
          <p>
            Their old addresses now lead to them: see <Link to={paths.adminRedirects}>Redirects</Link>.
          </p>
        </>
      ) : null}
    </section>
  );
}
