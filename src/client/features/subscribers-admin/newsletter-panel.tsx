import { useState } from 'react';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { buttonClass } from '../../components/ui/button-link';
import type { PostStatus } from '../../../shared/api-types';
import { apiErrorMessage } from '../../lib/api/api-error';
import { SendProgress } from './send-progress';
import { useCancelNewsletterMutation, useGetNewsletterSendsQuery, useRequestNewsletterMutation, useSendNewsletterTestMutation } from './subscribers-api';
import styles from './newsletter-panel.module.css';

/**
 * The post editor's part of the newsletter: "Email to subscribers" (once, when the post becomes
 * visible) and "Send a test to me". A saved post only: a draft can be tested, not sent.
 */
export function NewsletterPanel({ postId, status }: { postId: string; status: PostStatus }) {
  const publishedOrScheduled = status !== 'draft';
  const sends = useGetNewsletterSendsQuery();
  const send = sends.data?.find((entry) => entry.postId === postId);
  const [request, requesting] = useRequestNewsletterMutation();
  const [test, testing] = useSendNewsletterTestMutation();
  const [cancel, cancelling] = useCancelNewsletterMutation();
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const act = async (work: () => Promise<string>) => {
    setFailure(null);
    setAnnouncement(null);
    try {
      setAnnouncement(await work());
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Something went wrong.'));
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`newsletter-${postId}`}>
      <h2 id={`newsletter-${postId}`} className={styles.heading}>
        Subscribers
      </h2>
      {send ? (
        <SendProgress send={send} />
      ) : (
        <p className={styles.hint}>{publishedOrScheduled ? 'Mailed once, when the post is visible on the site.' : 'Publish or schedule the post to email it.'}</p>
      )}
      <div className={styles.actions}>
        {send ? null : (
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={!publishedOrScheduled || requesting.isLoading}
            onClick={() => void act(async () => {
              const started = await request(postId).unwrap();
              // A published post's send is 'waiting' only until the sender picks it up, a moment later.
              return started.state === 'waiting' && status === 'scheduled' ? 'The post will be emailed when it is published.' : 'The post is being emailed to the subscribers.';
            })}
          >
            Email to subscribers
          </button>
        )}
        {send?.state === 'waiting' ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={cancelling.isLoading}
            onClick={() => void act(async () => {
              await cancel(postId).unwrap();
              return 'The post will not be emailed.';
            })}
          >
            Do not email
          </button>
        ) : null}
        <button type="button" className={buttonClass('secondary')} disabled={testing.isLoading} onClick={() => void act(async () => (await test(postId).unwrap()).message)}>
          Send a test to me
        </button>
      </div>
      <StatusMessage>{announcement}</StatusMessage>
      <ErrorMessage>{failure}</ErrorMessage>
    </section>
  );
}
