// The newsletter's admin entry: the editor's panel, and a post's progress for the dashboard.
export { NewsletterPanel } from './newsletter-panel';
export { PostSendProgress } from './post-send-progress';
