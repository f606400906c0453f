import { Link } from 'react-router-dom';
import { LEAD_STATUS_LABELS } from '../../../shared/leads';
import { paths } from '../../../shared/paths';
import { useGetDueLeadsQuery } from './leads-api';
import styles from './inbox.module.css';

/** The dashboard's leads to follow up: due today (in the site's time zone) or overdue. */
export function DueLeads() {
  const due = useGetDueLeadsQuery();
  // Nothing to show when none is due, and nothing rather than a broken page for an answer of another shape.
  const leads = due.data?.leads;
  if (!Array.isArray(leads) || leads.length === 0) return null;
  return (
    <section className={styles.due} aria-labelledby="due-leads-heading">
      <h2 id="due-leads-heading">Follow up today</h2>
      <ul>
        {leads.map((lead) => (
          <li key={lead._id}>
            <Link to={`${paths.adminInbox}?open=${encodeURIComponent(lead._id)}`}>{lead.name}</Link> ({LEAD_STATUS_LABELS[lead.status]}),{' '}
            {lead.overdue ? <strong>overdue since {lead.followUpOn}</strong> : 'due today'}
          </li>
        ))}
      </ul>
    </section>
  );
}
