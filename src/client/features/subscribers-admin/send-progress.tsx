import type { NewsletterSend } from '../../../shared/newsletter';

/** Where a post's mail stands: waiting for publication, 'Sent to {n} of {m}', and the failures. */
export function SendProgress({ send, className }: { send: NewsletterSend; className?: string }) {
  if (send.state === 'waiting') return <p className={className}>Emailed to subscribers when published.</p>;
  return (
    <p className={className}>
      Sent to {send.sent} of {send.total}
      {send.failed > 0 ? `, ${send.failed} failed` : ''}
      {send.state === 'sending' ? ' (sending)' : ''}
    </p>
  );
}
