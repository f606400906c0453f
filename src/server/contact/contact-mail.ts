import { inquirySubject, type ContactValues } from '../../shared/contact';
import type { OutgoingMail } from '../mail/mailer';
import { escapeHtml } from '../../shared/text/escape-html';

/**
 * The message as the agency receives it: to the e-mail address of the site's Settings, a reply going
 * to the visitor, with the subject and body the mailto link prepares.
 */
export function contactMail(values: ContactValues & { createdAt: string }, to: string): OutgoingMail {
  const text = [`Name: ${values.name}`, `Email: ${values.email}`, `Sent: ${values.createdAt}`, '', 'Message:', values.message].join('\n');
  const html = `<p><strong>Name:</strong> ${escapeHtml(values.name)}<br><strong>Email:</strong> ${escapeHtml(values.email)}<br><strong>Sent:</strong> ${escapeHtml(values.createdAt)}</p>
<p style="white-space:pre-wrap">${escapeHtml(values.message)}</p>`;
  return { to, replyTo: values.email, subject: inquirySubject(values.name), text, html };
}
