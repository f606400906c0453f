export interface NewsletterIdentity {
  /** The sender's name and the footer's signature. */
  name: string;
  /** Where the `mailto:` unsubscribe of a mail goes: the owner's address. */
  email: string;
}
