import type { ContactMessage } from '../../../shared/contact';
import { deliveryLabel, receivedAt } from './delivery-label';
import { LeadPanel } from './lead-panel';
import { replyLink } from './reply-link';
import styles from './inbox.module.css';

interface MessageViewProps {
  message: ContactMessage;
  busy: boolean;
  onMarkUnread(): void;
  onDelete(): void;
  onNotSpam(): void;
}

/** One message opened: who, when, the text, where its mail stands, and what the owner can do with it. */
export function MessageView({ message, busy, onMarkUnread, onDelete, onNotSpam }: MessageViewProps) {
  const spam = message.folder === 'spam';
  return (
    <article className={styles.message} aria-labelledby="message-heading">
      <h2 id="message-heading">{message.name}</h2>
      <dl className={styles.meta}>
        <dt>From</dt>
        <dd>
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt>Received</dt>
        <dd>{receivedAt(message.createdAt)}</dd>
        <dt>Delivery</dt>
        <dd>{deliveryLabel(message)}</dd>
        {message.spamReason ? (
          <>
            <dt>Judged spam for</dt>
            <dd>{message.spamReason}</dd>
          </>
        ) : null}
      </dl>
      <p className={styles.text}>{message.message}</p>
      <div className={styles.actions}>
        {spam ? null : (
          <a className={styles.primary} href={replyLink(message)}>
            Reply
          </a>
        )}
        {spam ? (
          <button type="button" className={styles.primary} onClick={onNotSpam} disabled={busy}>
            Not spam
          </button>
        ) : (
          <button type="button" className={styles.secondary} onClick={onMarkUnread} disabled={busy}>
            Mark unread
          </button>
        )}
        <button type="button" className={styles.danger} onClick={onDelete} disabled={busy}>
          Delete
        </button>
      </div>
      {message.lead ? <LeadPanel key={message._id} message={message} lead={message.lead} /> : null}
    </article>
  );
}
