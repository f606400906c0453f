/** The contact call's contract (docs/product.md#contact-messages), read by the form, the inbox and the server. */
import type { Static } from 'typebox';
import type {
  contactErrorsSchema,
  contactFolderSchema,
  contactFormInfoSchema,
  contactMessageSchema,
  contactSummarySchema,
  contactValuesSchema,
  DELIVERY_STATES,
} from './contract/contact';

export const CONTACT_FIELDS = ['name', 'email', 'message'] as const;
/** The types are the schemas' in ./contract/contact.ts (imported as types only: no schema reaches the form's bundle). */
export type ContactValues = Static<typeof contactValuesSchema>;
export type ContactErrors = Static<typeof contactErrorsSchema>;

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** Form fields beside the visitor's three: the honeypot, and the signed time the form was handed out. */
export const HONEYPOT_FIELD = 'website';
export const START_TOKEN_FIELD = 'startToken';

export const CONTACT_THANK_YOU = 'Thank you — your message has been sent. We will reply within one business day.';

export const contactFailure = (address: string) => `Your message could not be sent. Please try again or e-mail us at ${address}.`;

/**
 * The query parameter of the contact page the server renders, uncached, to answer a form post
 * refused for its fields: only that page arrives with its form's data (the refusal, a start
 * time). The cached contact page holds nothing of a visitor's, not even the time it was shown.
 */
export const REFUSED_FORM_PARAM = 'refused';

/** `GET /api/contact/form`: what a form needs before the visitor types. */
export type ContactFormInfo = Static<typeof contactFormInfoSchema>;

export type ContactFolder = Static<typeof contactFolderSchema>;
/** `none`: spam, never mailed. `pending`: waiting for its next attempt. `failed`: given up after 24 hours. */
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A message as the inbox lists it. */
export type ContactMessage = Static<typeof contactMessageSchema>;

export type ContactSummary = Static<typeof contactSummarySchema>;

/** The subject of the mail to the agency, and the start of the owner's reply. */
export const inquirySubject = (name: string) => `New Inquiry from ${name.trim()}`;
