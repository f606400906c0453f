import type { OutgoingMail } from '../mail/mailer';
import { escapeHtml } from '../../shared/text/escape-html';

/** The mail that carries a reset link. The link comes from SITE_URL, never from a request. */
export function resetMail(to: string, link: string, siteName: string): OutgoingMail {
  const subject = `Reset your ${siteName} password`;
  const text = [
    'Someone asked to reset the password of the account for this address.',
    '',
    'To choose a new password, open this link within one hour:',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    '',
    siteName,
  ].join('\n');
  const html = `<p>Someone asked to reset the password of the account for this address.</p>
<p>To choose a new password, open this link within one hour:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once. If you did not ask for it, ignore this mail: your password stays as it is.</p>
<p>${escapeHtml(siteName)}</p>`;
  return { to, subject, text, html };
}
