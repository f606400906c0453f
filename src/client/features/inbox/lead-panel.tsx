import { useState, type FormEvent } from 'react';
import type { ContactMessage } from '../../../shared/contact';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type Lead, type LeadStatus } from '../../../shared/leads';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { receivedAt } from './delivery-label';
import { useAddLeadNoteMutation, useChangeLeadMutation, useDeleteLeadNoteMutation } from './leads-api';
import styles from './inbox.module.css';

/** A lead's pipeline (status, follow-up, amount once won), its dated notes and where it came from. */
export function LeadPanel({ message, lead }: { message: ContactMessage; lead: Lead }) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [followUpOn, setFollowUpOn] = useState(lead.followUpOn ?? '');
  const [amount, setAmount] = useState(lead.amount === null ? '' : String(lead.amount));
  const [note, setNote] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [change, changing] = useChangeLeadMutation();
  const [addNote, adding] = useAddLeadNoteMutation();
  const [deleteNote] = useDeleteLeadNoteMutation();

  const run = async (work: Promise<unknown>, done: string) => {
    setFailure(null);
    setSaid(null);
    try {
      await work;
      setSaid(done);
      return true;
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Something went wrong.'));
      return false;
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const won = status === 'won';
    void run(change({ id: message._id, change: { status, followUpOn: followUpOn || null, ...(won ? { amount: amount === '' ? null : Number(amount) } : {}) } }).unwrap(), 'Lead saved.');
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(addNote({ id: message._id, text: note }).unwrap(), 'Note added.').then((ok) => ok && setNote(''));
  };

  return (
    <section className={styles.lead} aria-labelledby="lead-heading">
      <h3 id="lead-heading">Lead</h3>
      <form onSubmit={save} className={styles.leadForm}>
        <label>
          Status
          <select value={status} onChange={(event) => setStatus(event.target.value as LeadStatus)}>
            {LEAD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {LEAD_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Follow up on
          <input type="date" value={followUpOn} onChange={(event) => setFollowUpOn(event.target.value)} />
        </label>
        {status === 'won' ? (
          <label>
            Amount
            <input type="number" min="0" step="0.01" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </label>
        ) : null}
        <button type="submit" className={styles.primary} disabled={changing.isLoading}>
          Save lead
        </button>
      </form>
      <StatusMessage>{said}</StatusMessage>
      <ErrorMessage>{failure}</ErrorMessage>

      <h4>Notes</h4>
      {lead.notes.length === 0 ? <p>No notes yet.</p> : null}
      <ul className={styles.notes}>
        {lead.notes.map((entry) => (
          <li key={entry._id}>
            <time dateTime={entry.createdAt}>{receivedAt(entry.createdAt)}</time>
            <p>{entry.text}</p>
            <button type="button" className={styles.secondary} onClick={() => void run(deleteNote({ id: message._id, noteId: entry._id }).unwrap(), 'Note deleted.')}>
              Delete note
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className={styles.leadForm}>
        <label>
          New note
          <textarea rows={3} maxLength={2000} required value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
        <button type="submit" className={styles.secondary} disabled={adding.isLoading}>
          Add note
        </button>
      </form>

      <h4>Where they came from</h4>
      <dl className={styles.meta}>
        <dt>Source</dt>
        <dd>{lead.source}</dd>
        <dt>Landing page</dt>
        <dd>{lead.landingPath ?? 'Not known'}</dd>
        {lead.referrerHost ? (
          <>
            <dt>Referrer</dt>
            <dd>{lead.referrerHost}</dd>
          </>
        ) : null}
        {[
          ['utm_source', lead.utmSource],
          ['utm_medium', lead.utmMedium],
          ['utm_campaign', lead.utmCampaign],
        ].map(([name, value]) =>
          value ? (
            <div key={name} className={styles.metaRow}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {lead.viewedPaths.length > 0 ? (
        <>
          <h4>Pages viewed before writing</h4>
          <ol className={styles.viewed} aria-label="Pages viewed before writing">
            {lead.viewedPaths.map((path, index) => (
              <li key={index}>{path}</li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
