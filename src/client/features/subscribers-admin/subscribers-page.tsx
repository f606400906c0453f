import { useState, type ChangeEvent } from 'react';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { Seo } from '../../components/seo/seo';
import { buttonClass } from '../../components/ui/button-link';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { useSessionToken } from '../admin-shell';
import { useDeleteSubscriberMutation, useGetSubscribersQuery, useImportSubscribersMutation } from './subscribers-api';
import styles from './subscribers-page.module.css';

const PAGE_SIZE = 25;
const STATUS_LABELS = { pending: 'Not confirmed yet', confirmed: 'Confirmed', bounced: 'Bounced' } as const;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

interface ImportRefusal {
  data?: { errors?: { line: number; message: string }[] };
}

/** `/admin/subscribers`: the readers by e-mail, with search, paging, delete, CSV export and import. */
export default function SubscribersPage() {
  const heading = usePageHeading();
  const token = useSessionToken();
  const { apiBaseUrl } = useRuntimeConfig();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useGetSubscribersQuery({ q: search, page });
  const [remove] = useDeleteSubscriberMutation();
  const [importCsv, importing] = useImportSubscribersMutation();
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [badRows, setBadRows] = useState<{ line: number; message: string }[]>([]);
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  const onDelete = async (id: string, email: string) => {
    if (!window.confirm(`Delete ${email} from the subscribers?`)) return;
    setFailure(null);
    try {
      await remove(id).unwrap();
      setAnnouncement(`${email} deleted.`);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The subscriber could not be deleted.'));
    }
  };

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setFailure(null);
    setBadRows([]);
    if (file.size > 2 * 1024 * 1024) {
      setFailure('The file is larger than 2 MB: import it in parts.');
      return;
    }
    try {
      const result = await importCsv(await file.text()).unwrap();
      setAnnouncement(`Imported: ${result.subscribed} subscribed, ${result.invited} sent a confirmation, ${result.unchanged} already subscribed.`);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The file could not be imported.'));
      setBadRows((error as ImportRefusal).data?.errors ?? []);
    }
  };

  const onExport = async () => {
    setFailure(null);
    try {
      const answer = await fetch(`${apiBaseUrl}/api/subscribers/export`, { headers: { authorization: `Bearer ${token ?? ''}` } });
      if (!answer.ok) throw new Error(String(answer.status));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await answer.blob());
      link.download = `subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      setFailure('The export could not be downloaded. Please try again.');
    }
  };

  return (
    <div className={`container ${styles.page}`}>
      <Seo title="Subscribers" description="Readers who get new posts by e-mail." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Subscribers
      </h1>
      <p className={styles.count}>{list.data ? `${list.data.confirmed} confirmed ${list.data.confirmed === 1 ? 'subscriber' : 'subscribers'}` : ' '}</p>
      <div className={styles.tools}>
        <label className={styles.search}>
          Search
          <input type="search" value={search} onChange={(event) => { setSearch(event.target.value); setPage(1); }} />
        </label>
        <button type="button" className={buttonClass('secondary')} onClick={() => void onExport()}>
          Export CSV
        </button>
        <label className={buttonClass('secondary')}>
          {importing.isLoading ? 'Importing…' : 'Import CSV'}
          <input type="file" accept=".csv,text/csv" className="visually-hidden" onChange={(event) => void onImport(event)} />
        </label>
      </div>
      <p className={styles.hint}>A CSV with a header row: an email column, and a consent column. Rows with consent yes are subscribed at once; the others get a mail asking them to confirm.</p>
      <StatusMessage>{announcement}</StatusMessage>
      <ErrorMessage>{failure}</ErrorMessage>
      {badRows.length > 0 ? (
        <ul className={styles.badRows} aria-label="Rows not imported">
          {badRows.map((row) => (
            <li key={row.line}>
              Line {row.line}: {row.message}
            </li>
          ))}
        </ul>
      ) : null}
      {list.isLoading ? <p>Loading...</p> : null}
      {list.isError ? <ErrorMessage>{apiErrorMessage(list.error, 'Failed to load subscribers.')}</ErrorMessage> : null}
      {list.data && list.data.subscribers.length === 0 ? <p>{search ? 'No subscriber matches.' : 'No subscribers yet.'}</p> : null}
      {list.data && list.data.subscribers.length > 0 ? (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.subscribers.map((subscriber) => (
              <tr key={subscriber._id}>
                <td>{subscriber.email}</td>
                <td title={subscriber.lastError ?? undefined}>{STATUS_LABELS[subscriber.status]}</td>
                <td>{day(subscriber.confirmedAt ?? subscriber.createdAt)}</td>
                <td>
                  <button type="button" className={buttonClass('secondary')} onClick={() => void onDelete(subscriber._id, subscriber.email)}>
                    Delete<span className="visually-hidden"> {subscriber.email}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {pageCount > 1 ? (
        <nav aria-label="Subscriber pages" className={styles.pager}>
          <button type="button" className={buttonClass('secondary')} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pageCount}
          </span>
          <button type="button" className={buttonClass('secondary')} disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}
