/** The newsletter's words and fields, read by the subscribe form, the admin area and the server. */
import type { Static } from 'typebox';
import type { newsletterSendSchema, subscriberSchema, subscriberListSchema } from './contract/newsletter';

export type Subscriber = Static<typeof subscriberSchema>;
export type SubscriberList = Static<typeof subscriberListSchema>;
export type NewsletterSend = Static<typeof newsletterSendSchema>;

/** The answer to every subscription, new address or known: it tells nobody who reads the blog. */
export const SUBSCRIBE_ANSWER = 'Check your inbox to confirm your subscription.';
export const CONFIRMED_TEXT = 'Your subscription is confirmed.';

/** Where the subscribe form posts, and where it asks for its start time. */
export const SUBSCRIBE_API_PATH = '/api/subscribers';
export const SUBSCRIBE_FORM_PATH = '/api/subscribers/form';

/** The states of the `/subscribe` page, one per answer a visitor may land on. */
export const SUBSCRIBE_PAGE_STATES = ['sent', 'confirmed', 'expired', 'invalid', 'refused', 'unsubscribe', 'unsubscribed'] as const;
export type SubscribePageState = (typeof SUBSCRIBE_PAGE_STATES)[number];
export const SUBSCRIBE_STATE_PARAM = 'state';
