import { site } from '../../shared/site';

export interface NewsletterIdentity {
  /** The sender's name and the footer's signature. */
  name: string;
  /** Where the `mailto:` unsubscribe of a mail goes: the owner's address. */
  email: string;
}

/** The one place the newsletter asks who the site is, so that the name can come from elsewhere later. */
export function newsletterIdentity(): NewsletterIdentity {
  return { name: site.name, email: site.email };
}
