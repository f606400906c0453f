import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { useEraseByEmailMutation, useExportLeadsMutation } from './leads-api';
import styles from './inbox.module.css';

/** Hands text to the browser as a file to save. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** The leads as a CSV file, and erasing one person's messages by their address. */
export function LeadsTools() {
  const [exportLeads, exporting] = useExportLeadsMutation();
  const [erase, erasing] = useEraseByEmailMutation();
  const [email, setEmail] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const runExport = async () => {
    setFailure(null);
    try {
      download(await exportLeads().unwrap(), `leads-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The export failed.'));
    }
  };
  const runErase = async (event: FormEvent) => {
    event.preventDefault();
    if (!window.confirm(`Erase every message from ${email}? This cannot be undone.`)) return;
    setFailure(null);
    try {
      const { erased } = await erase(email).unwrap();
      setSaid(erased === 1 ? `1 message from ${email} erased.` : `${erased} messages from ${email} erased.`);
      setEmail('');
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The messages could not be erased.'));
    }
  };

  return (
    <section className={styles.tools} aria-labelledby="lead-tools-heading">
      <h2 id="lead-tools-heading">Export and erase</h2>
      <button type="button" className={styles.secondary} onClick={() => void runExport()} disabled={exporting.isLoading}>
        Export leads (CSV)
      </button>
      <form onSubmit={(event) => void runErase(event)} className={styles.leadForm}>
        <label>
          Erase every message from
          <input type="email" required maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="submit" className={styles.danger} disabled={erasing.isLoading}>
          Erase
        </button>
      </form>
      <StatusMessage>{said}</StatusMessage>
      <ErrorMessage>{failure}</ErrorMessage>
    </section>
  );
}
