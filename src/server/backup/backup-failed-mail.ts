import { paths } from '../../shared/paths';
import { escapeHtml } from '../../shared/text/escape-html';
import type { OutgoingMail } from '../mail/mailer';

/** To the site's own address (its Settings), saying what went wrong and where to look. */
export function backupFailedMail(to: string, siteName: string, day: string, error: string, siteUrl: string): OutgoingMail {
  const page = new URL(paths.adminBackups, siteUrl).href;
  const text = [`The scheduled backup of ${siteName} for ${day} failed:`, '', error, '', 'The site itself is unaffected; the schedule tries again tomorrow at 03:00.', `See the backups: ${page}`].join('\n');
  const html = `<p>The scheduled backup of ${escapeHtml(siteName)} for ${escapeHtml(day)} failed:</p><pre>${escapeHtml(error)}</pre><p>The site itself is unaffected; the schedule tries again tomorrow at 03:00.</p><p><a href="${escapeHtml(page)}">See the backups</a></p>`;
  return { to, subject: `Backup failed: ${siteName}, ${day}`, text, html };
}
