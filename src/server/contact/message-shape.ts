import type { ContactFolder, ContactMessage, DeliveryState } from '../../shared/contact';
import type { Lead } from '../../shared/leads';
import type { ContactMessageRow } from '../db/schema';

/** A stored row as the inbox API answers it. */
export function toContactMessage(row: ContactMessageRow, lead: Lead | undefined): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    folder: row.folder as ContactFolder,
    createdAt: row.created_at,
    readAt: row.read_at,
    delivery: row.delivery_state as DeliveryState,
    deliveryAttempts: Number(row.delivery_attempts),
    deliveredAt: row.delivered_at,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    spamReason: row.spam_reason,
    lead: row.folder === 'inbox' ? (lead ?? null) : null,
  };
}
