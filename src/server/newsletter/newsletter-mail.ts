import { escapeHtml } from '../../shared/text/escape-html';
import type { OutgoingMail } from '../mail/mailer';
import type { NewsletterIdentity } from './site-identity';

/** What a post's mail is made of. */
export interface MailPost {
  id: string;
  title: string;
  slug: string;
  /** The post's stored HTML, sanitised when it was written. */
  html: string;
  /** The address of the post's own image's largest version (`…/key.webp`), or null. */
  imageUrl: string | null;
  imageAlt: string;
}

export interface Recipient {
  subscriberId: string;
  email: string;
  /** The subscriber's unsubscribe token. */
  unsubscribeToken: string;
}

/** Where a subscriber's unsubscribe token goes in a rendered mail: letters only, so no step of the rendering changes it. */
export const TOKEN_SLOT = 'UNSUBSCRIBETOKENSLOT';

/**
 * A post's mail as every subscriber gets it, rendered once a send on a thread of its own
 * (`mail-template-thread.ts`); `postMail` fills in one subscriber.
 */
export interface PostMailTemplate {
  post: MailPost;
  siteUrl: string;
  identity: NewsletterIdentity;
  html: string;
  text: string;
}

/** The mail one subscriber receives: HTML with inline styles and a plain-text part. */
export function postMail({ post, siteUrl, identity, html, text }: PostMailTemplate, recipient: Recipient): OutgoingMail {
  const token = encodeURIComponent(recipient.unsubscribeToken);
  const unsubscribeUrl = `${siteUrl}/unsubscribe/${token}`;
  const host = new URL(siteUrl).hostname;
  return {
    to: recipient.email,
    subject: post.title,
    html: html.replaceAll(TOKEN_SLOT, escapeHtml(token)),
    text: text.replaceAll(TOKEN_SLOT, token),
    senderName: identity.name,
    // The same for every attempt of one mail: a receiver that got it before a crash sees a repeat as one.
    messageId: `<newsletter.${post.id}.${recipient.subscriberId}@${host}>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${identity.email}?subject=${encodeURIComponent('Unsubscribe ' + recipient.email)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The mail that asks a new subscriber to confirm. */
export function confirmationMail(to: string, link: string, identity: NewsletterIdentity): OutgoingMail {
  const text = [
    `Someone (we hope you) asked to receive the blog of ${identity.name} by e-mail at this address.`,
    '',
    'To confirm, open this link within 48 hours:',
    link,
    '',
    'If you did not ask for it, ignore this mail: nothing is sent to you, and the address is deleted within 7 days.',
    '',
    identity.name,
  ].join('\n');
  const html = `<p>Someone (we hope you) asked to receive the blog of ${escapeHtml(identity.name)} by e-mail at this address.</p>
<p>To confirm, open this link within 48 hours:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>If you did not ask for it, ignore this mail: nothing is sent to you, and the address is deleted within 7 days.</p>
<p>${escapeHtml(identity.name)}</p>`;
  return { to, subject: `Confirm your subscription to ${identity.name}`, text, html, senderName: identity.name };
}
