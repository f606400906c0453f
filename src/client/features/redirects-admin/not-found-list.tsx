import { ErrorMessage } from '../../components/forms/form-messages';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useGetNotFoundQuery } from './redirects-api';
import styles from './redirects.module.css';

const lastSeen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The addresses visitors found nothing at in the last 30 days, most frequent first, each a redirect away from fixed. */
export function NotFoundList({ onRedirect }: { onRedirect: (path: string) => void }) {
  const log = useGetNotFoundQuery();
  return (
    <section aria-labelledby="not-found-log" className={styles.log}>
      <h2 id="not-found-log">Not found</h2>
      <p className={styles.hint}>The addresses visitors got a “not found” page at in the last 30 days, most frequent first.</p>
      {log.isLoading ? <p>Loading...</p> : null}
      {log.isError ? <ErrorMessage>{apiErrorMessage(log.error, 'Failed to load the not-found log.')}</ErrorMessage> : null}
      {log.data?.length === 0 ? <p>Nobody has landed on a missing page. Nothing to fix.</p> : null}
      {log.data && log.data.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Visits</th>
                <th scope="col">Last seen</th>
                <th scope="col">Linked from</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((row) => (
                <tr key={row.path}>
                  <td className={styles.path}>{row.path}</td>
                  <td>{row.count}</td>
                  <td>{lastSeen(row.lastSeen)}</td>
                  <td>{row.referrerHost ?? '—'}</td>
                  <td>
                    <button type="button" className={styles.secondary} onClick={() => onRedirect(row.path)}>
                      Redirect<span className="visually-hidden"> {row.path}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
