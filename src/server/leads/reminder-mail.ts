import { LEAD_STATUS_LABELS, type LeadStatus } from '../../shared/leads';
import { paths } from '../../shared/paths';
import { escapeHtml } from '../../shared/text/escape-html';
import type { OutgoingMail } from '../mail/mailer';

export interface DueForMail {
  name: string;
  email: string;
  status: string;
  follow_up_on: string | null;
}

/** The morning's list of leads to follow up, to the agency's address, with a link to the inbox. */
export function reminderMail(day: string, leads: DueForMail[], siteUrl: string, ownerEmail: string): OutgoingMail {
  const inbox = new URL(paths.adminInbox, siteUrl).href;
  const line = (lead: DueForMail) => {
    const when = lead.follow_up_on === day ? 'today' : `since ${lead.follow_up_on}`;
    return { text: `${lead.name} <${lead.email}>, ${LEAD_STATUS_LABELS[lead.status as LeadStatus] ?? lead.status}, follow up ${when}`, lead, when };
  };
  const lines = leads.map(line);
  const count = leads.length === 1 ? '1 lead' : `${leads.length} leads`;
  const text = [`${count} to follow up on ${day}:`, '', ...lines.map((item) => `- ${item.text}`), '', `Open the inbox: ${inbox}`].join('\n');
  const items = lines
    .map(
      ({ lead, when }) =>
        `<li><strong>${escapeHtml(lead.name)}</strong> &lt;${escapeHtml(lead.email)}&gt;, ${escapeHtml(LEAD_STATUS_LABELS[lead.status as LeadStatus] ?? lead.status)}, follow up ${escapeHtml(when)}</li>`,
    )
    .join('');
  const html = `<p>${count} to follow up on ${escapeHtml(day)}:</p><ul>${items}</ul><p><a href="${escapeHtml(inbox)}">Open the inbox</a></p>`;
  return { to: ownerEmail, subject: `Follow up today: ${count}`, text, html };
}
