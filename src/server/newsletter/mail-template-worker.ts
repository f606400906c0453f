import { parentPort, workerData } from 'node:worker_threads';
import { renderMailTemplate } from './mail-template';
import type { MailPost } from './newsletter-mail';
import type { NewsletterIdentity } from './site-identity';

/**
 * The thread that renders one post's mail (`mail-template-thread.ts`), built beside the server as
 * `mail-template-worker.js`: it answers the rendered mail, or why not, and ends.
 */
const { post, siteUrl, identity } = workerData as { post: MailPost; siteUrl: string; identity: NewsletterIdentity };
try {
  parentPort?.postMessage({ rendered: renderMailTemplate(post, siteUrl, identity) });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
