import type { OutgoingMail } from '../mail/mailer';
import { escapeHtml } from '../../shared/text/escape-html';

/** The changes the owner is told of by mail; each is also an event of the security log. */
export type Notice = 'passkey-added' | 'passkey-removed' | 'authenticator-added' | 'authenticator-removed' | 'recovery-code-used' | 'reset-done' | 'signed-out-everywhere';

const WHAT: Record<Notice, (detail?: string) => string> = {
  'passkey-added': (name) => `A passkey${name ? ` named "${name}"` : ''} was added to your account.`,
  'passkey-removed': (name) => `The passkey${name ? ` "${name}"` : ''} was removed from your account.`,
  'authenticator-added': () => 'An authenticator app was turned on for your account.',
  'authenticator-removed': () => 'The authenticator app was turned off for your account.',
  'recovery-code-used': () => 'A recovery code was used to sign in to your account.',
  'reset-done': () => 'The password of your account was reset with a link sent to this address. Every earlier sign-in has ended.',
  'signed-out-everywhere': () => 'Every sign-in of your account was ended ("Sign out everywhere").',
};

/** The notice sent to the account's address when what protects it changes. */
export function noticeMail(to: string, notice: Notice, site: { url: string; name: string }, detail?: string): OutgoingMail {
  const what = WHAT[notice](detail);
  const link = `${site.url}/admin/security`;
  const lines = [what, '', 'If this was you, there is nothing to do.', 'If it was not, sign in, review your security page and sign out everywhere:', link, '', site.name];
  return {
    to,
    subject: `Security notice from ${site.name}`,
    text: lines.join('\n'),
    html: `<p>${escapeHtml(what)}</p>
<p>If this was you, there is nothing to do.<br>If it was not, sign in, review your security page and sign out everywhere:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(site.name)}</p>`,
  };
}
