import type { ContactMessage } from '../../../shared/contact';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The mail's state in words, for the owner wondering whether the agency's mailbox has it. */
export function deliveryLabel(message: ContactMessage): string {
  switch (message.delivery) {
    case 'sent':
      return message.deliveredAt ? `Mailed ${when(message.deliveredAt)}` : 'Mailed';
    case 'pending':
    case 'sending':
      return message.deliveryAttempts === 0 || !message.nextAttemptAt
        ? 'Mailing…'
        : `Not mailed yet (${message.deliveryAttempts} ${message.deliveryAttempts === 1 ? 'attempt' : 'attempts'}); next try ${when(message.nextAttemptAt)}`;
    case 'failed':
      return 'Could not be mailed within 24 hours';
    default:
      return 'Not mailed (spam)';
  }
}

export const receivedAt = when;
