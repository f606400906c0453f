import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { inboxApi, useGetContactSummaryQuery } from './inbox-api';
import styles from './inbox.module.css';

/** The dashboard's line on the inbox: how many messages are unread, linking to them. */
export function UnreadCount() {
  const { data, isLoading } = useGetContactSummaryQuery();
  // Its line is kept while it loads, so the dashboard below it does not jump when it arrives.
  if (isLoading) return <p className={styles.unread} aria-hidden="true">{'\u00a0'}</p>;
  if (!data) return null;
  return (
    <p className={styles.unread}>
      <Link to={paths.adminInbox}>{data.unread === 1 ? '1 unread message' : `${data.unread} unread messages`}</Link> in the inbox
    </p>
  );
}

/**
 * The count beside the navigation's Inbox link, for screen readers as well. It reads what the
 * dashboard and the inbox asked for, rather than asking on every admin page.
 */
export function UnreadBadge() {
  const { data } = inboxApi.endpoints.getContactSummary.useQueryState();
  if (!data || data.unread === 0) return null;
  return (
    <span className={styles.badge}>
      {' '}
      {data.unread}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
