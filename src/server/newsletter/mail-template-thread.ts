import { entryWorker } from '../jobs/entry-worker';
import type { RenderedMail } from './mail-template';
import type { MailPost, PostMailTemplate } from './newsletter-mail';
import type { NewsletterIdentity } from './site-identity';

/**
 * Renders a post's mail on a thread of its own (`mail-template-worker.ts`): inlining its styles
 * and making its text held the thread that answers pages for some 60 ms the first time, which a
 * page asked for meanwhile waited out. A thread a send (and a test mail): they are rare, and the
 * thread's parsers leave with it rather than stay in memory between sends.
 */
export function postMailTemplate(post: MailPost, siteUrl: string, identity: NewsletterIdentity): Promise<PostMailTemplate> {
  const worker = entryWorker('mail-template-worker', __dirname, { workerData: { post, siteUrl, identity } });
  return new Promise((resolve, reject) => {
    let answer: { rendered?: RenderedMail; error?: string } | undefined;
    worker.once('message', (message: typeof answer) => (answer = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (answer?.rendered) resolve({ post, siteUrl, identity, ...answer.rendered });
      else reject(new Error(answer?.error ?? `the mail's rendering thread stopped (${code}) before it answered`));
    });
  });
}
