import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ContactFolder, ContactMessage } from '../../../shared/contact';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '../../../shared/leads';
import { Seo } from '../../components/seo/seo';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { receivedAt } from './delivery-label';
import { useDeleteContactMessageMutation, useGetContactMessagesQuery, useGetContactSummaryQuery, useMarkNotSpamMutation, useSetContactMessageReadMutation } from './inbox-api';
import { useGetLeadsWithStatusQuery } from './leads-api';
import { LeadsTools } from './leads-tools';
import { MessageView } from './message-view';
import styles from './inbox.module.css';

const FOLDERS: ReadonlyArray<{ folder: ContactFolder; label: string; empty: string }> = [
  { folder: 'inbox', label: 'Inbox', empty: 'No messages yet.' },
  { folder: 'spam', label: 'Spam', empty: 'No spam.' },
];

export default function InboxPage() {
  return <Inbox />;
}

/** The contact messages (docs/product.md#inbox): newest first, one opened at a time, and the spam folder. */
function Inbox() {
  const heading = usePageHeading();
  const [searchParams] = useSearchParams();
  const folder: ContactFolder = searchParams.get('folder') === 'spam' ? 'spam' : 'inbox';
  const asked = searchParams.get('status');
  const status = folder === 'inbox' ? LEAD_STATUSES.find((value) => value === asked) : undefined;
  const all = useGetContactMessagesQuery(folder, { skip: status !== undefined });
  const filtered = useGetLeadsWithStatusQuery(status ?? 'new', { skip: status === undefined });
  const messages = status ? filtered : all;
  // Keeps the navigation's unread count current while the inbox is open.
  useGetContactSummaryQuery();
  // The dashboard's due list links here with the lead to open.
  const [openId, setOpenId] = useState<string | null>(searchParams.get('open'));
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [setRead, reading] = useSetContactMessageReadMutation();
  const [remove, removing] = useDeleteContactMessageMutation();
  const [notSpam, moving] = useMarkNotSpamMutation();
  const open = messages.data?.find((message) => message._id === openId) ?? null;
  const current = FOLDERS.find((entry) => entry.folder === folder)!;

  const act = async (work: Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await work;
      setAnnouncement(done);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Something went wrong.'));
    }
  };
  const openMessage = (message: ContactMessage) => {
    setOpenId(message._id);
    setAnnouncement(null);
    if (!message.readAt) void act(setRead({ id: message._id, read: true }).unwrap(), '');
  };

  return (
    <div className={`container ${styles.inbox}`}>
      <Seo title="Inbox" description="Messages sent through the contact form." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Inbox
      </h1>
      <nav aria-label="Folders" className={styles.folders}>
        {FOLDERS.map((entry) => (
          <Link key={entry.folder} to={entry.folder === 'inbox' ? '?' : '?folder=spam'} aria-current={entry.folder === folder ? 'page' : undefined} className={styles.folder}>
            {entry.label}
          </Link>
        ))}
      </nav>
      {folder === 'inbox' ? <StatusFilter status={status} /> : null}
      <StatusMessage>{announcement || null}</StatusMessage>
      <ErrorMessage>{failure}</ErrorMessage>
      {messages.isLoading ? <p>Loading...</p> : null}
      {messages.isError ? <ErrorMessage>{apiErrorMessage(messages.error, 'Failed to load messages.')}</ErrorMessage> : null}
      {messages.data && messages.data.length === 0 ? <p>{current.empty}</p> : null}
      <div className={styles.layout}>
        {messages.data && messages.data.length > 0 ? (
          <ul className={styles.list} aria-label={`${current.label} messages, newest first`}>
            {messages.data.map((message) => (
              <li key={message._id} className={message.readAt ? styles.read : styles.unreadItem}>
                <button type="button" className={styles.item} aria-pressed={message._id === openId} onClick={() => openMessage(message)}>
                  <span className={styles.sender}>
                    {message.name}
                    {message.readAt ? null : <span className="visually-hidden"> (unread)</span>}
                  </span>
                  {message.lead ? <span className={styles.badge}>{LEAD_STATUS_LABELS[message.lead.status]}</span> : null}
                  <span className={styles.date}>{receivedAt(message.createdAt)}</span>
                  <span className={styles.preview}>{message.message.slice(0, 120)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {open ? (
          <MessageView
            message={open}
            busy={reading.isLoading || removing.isLoading || moving.isLoading}
            onMarkUnread={() => void act(setRead({ id: open._id, read: false }).unwrap(), 'Marked unread.').then(() => setOpenId(null))}
            onDelete={() => {
              if (!window.confirm(`Delete the message from ${open.name}?`)) return;
              void act(remove(open._id).unwrap(), 'Message deleted.').then(() => setOpenId(null));
            }}
            onNotSpam={() => void act(notSpam(open._id).unwrap(), 'Moved to the inbox; it is being mailed to the agency.').then(() => setOpenId(null))}
          />
        ) : null}
      </div>
      {folder === 'inbox' ? <LeadsTools /> : null}
    </div>
  );
}

/** The inbox's leads by status, the address keeping the choice. */
function StatusFilter({ status }: { status: LeadStatus | undefined }) {
  return (
    <nav aria-label="Lead status" className={styles.statuses}>
      <Link to="?" aria-current={status === undefined ? 'page' : undefined} className={styles.folder}>
        All
      </Link>
      {LEAD_STATUSES.map((value) => (
        <Link key={value} to={`?status=${value}`} aria-current={status === value ? 'page' : undefined} className={styles.folder}>
          {LEAD_STATUS_LABELS[value]}
        </Link>
      ))}
    </nav>
  );
}
