import { siteDefaults } from '../../shared/site-content/defaults';

export interface NewsletterIdentity {
  /** The sender's name and the footer's signature. */
  name: string;
  /** Where the `mailto:` unsubscribe of a mail goes: the owner's address. */
  email: string;
}

/**
 * The one place the newsletter asks who the site is. Still the shipped Settings: the senders ask
 * it synchronously, and reading the live Settings means making them wait for it.
 */
export function newsletterIdentity(): NewsletterIdentity {
  const { name, email } = siteDefaults.settings;
  return { name, email };
}
