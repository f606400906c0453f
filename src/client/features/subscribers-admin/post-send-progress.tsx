import { SendProgress } from './send-progress';
import { useGetNewsletterSendsQuery } from './subscribers-api';

/** A dashboard row's line about its mail to the subscribers, when it has one. One request serves every row. */
export function PostSendProgress({ postId, className }: { postId: string; className?: string }) {
  const { data } = useGetNewsletterSendsQuery();
  const send = data?.find((entry) => entry.postId === postId);
  // Follows a send while it goes out; the same query, so every row shares the one request.
  useGetNewsletterSendsQuery(undefined, { pollingInterval: send?.state === 'sending' ? 5_000 : 0 });
  return send ? <SendProgress send={send} className={className} /> : null;
}
