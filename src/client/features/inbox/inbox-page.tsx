import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ContactFolder, ContactMessage } from '../../../shared/contact';
import { Seo } from '../../components/seo/seo';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { receivedAt } from './delivery-label';
import { useDeleteContactMessageMutation, useGetContactMessagesQuery, useGetContactSummaryQuery, useMarkNotSpamMutation, useSetContactMessageReadMutation } from './inbox-api';
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
  const messages = useGetContactMessagesQuery(folder);
  // Keeps the navigation's unread count current while the inbox is open.
  useGetContactSummaryQuery();
  const [openId, setOpenId] = useState<string | null>(null);
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
    </div>
  );
}
