import type { Redirect } from '../../../shared/contract/redirects';
import { ErrorMessage } from '../../components/forms/form-messages';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useGetRedirectsQuery, useRemoveRedirectMutation } from './redirects-api';
import styles from './redirects.module.css';

const ORIGINS: Record<Redirect['origin'], string> = { owner: 'Added by you', import: 'Import', slug: 'Changed address' };

/** Every redirect, newest first, each with its Remove button. */
export function RedirectList({ onRemoved, onFailed }: { onRemoved: (message: string) => void; onFailed: (error: unknown, fallback: string) => void }) {
  const redirects = useGetRedirectsQuery();
  const [remove, removing] = useRemoveRedirectMutation();

  const removeOne = async (redirect: Redirect) => {
    if (!window.confirm(`Remove the redirect from ${redirect.from}? Visitors will get "not found" there again.`)) return;
    try {
      await remove(redirect._id).unwrap();
      onRemoved(`The redirect from ${redirect.from} is removed.`);
    } catch (error) {
      onFailed(error, 'The redirect could not be removed.');
    }
  };

  return (
    <section aria-labelledby="redirect-list">
      <h2 id="redirect-list">Redirects{redirects.data ? ` (${redirects.data.length})` : ''}</h2>
      {redirects.isLoading ? <p>Loading...</p> : null}
      {redirects.isError ? <ErrorMessage>{apiErrorMessage(redirects.error, 'Failed to load the redirects.')}</ErrorMessage> : null}
      {redirects.data?.length === 0 ? <p>No redirects yet.</p> : null}
      {redirects.data && redirects.data.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Kind</th>
                <th scope="col">Made by</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {redirects.data.map((redirect) => (
                <tr key={redirect._id}>
                  <td className={styles.path}>{redirect.from}</td>
                  <td className={styles.path}>{redirect.to}</td>
                  <td>{redirect.status === 301 ? '301 moved for good' : '302 for now'}</td>
                  <td>{ORIGINS[redirect.origin]}</td>
                  <td>
                    <button type="button" className={styles.danger} disabled={removing.isLoading} onClick={() => void removeOne(redirect)}>
                      Remove<span className="visually-hidden"> the redirect from {redirect.from}</span>
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
