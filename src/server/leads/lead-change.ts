import type { LeadChange, LeadStatus } from '../../shared/leads';
import type { LeadRow } from '../db/schema';
import { fromCents } from './lead-repository';
import { isRealDate } from './local-day';

export type CheckedChange = { ok: true; change: { status: LeadStatus; followUpOn: string | null; amount: number | null } } | { ok: false; message: string };

/**
 * A change of a lead, applied to what it is now: a follow-up day that exists, an amount in whole
 * cents and only on a won lead (a lead leaving Won loses its amount).
 */
export function checkLeadChange(current: LeadRow, change: LeadChange): CheckedChange {
  const status = change.status ?? (current.status as LeadStatus);
  const followUpOn = change.followUpOn === undefined ? current.follow_up_on : change.followUpOn;
  if (followUpOn !== null && !isRealDate(followUpOn)) return { ok: false, message: 'followUpOn must be a date, YYYY-MM-DD.' };
  let amount = change.amount === undefined ? fromCents(current.amount_cents) : change.amount;
  if (status !== 'won') {
    if (change.amount !== undefined && change.amount !== null) return { ok: false, message: 'An amount is kept for won leads only.' };
    amount = null;
  }
  if (amount !== null && Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) return { ok: false, message: 'amount must have at most two decimals.' };
  return { ok: true, change: { status, followUpOn, amount } };
}
