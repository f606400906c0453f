import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Schema, SubscriberRow } from '../db/schema';

/** A confirmation link works this long. */
const CONFIRM_LINK_MS = 48 * 60 * 60 * 1000;
/** An address never confirmed is deleted this long after it was first given. */
const UNCONFIRMED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** A second confirmation mail to one address waits this long: asking again and again mails nobody. */
const RESEND_AFTER_MS = 10 * 60 * 1000;
/** Expired addresses are deleted at most this often by one instance. */
const SWEEP_MS = 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a subscription did: a confirmation mail queued, or nothing to say. */
export type SubscribeOutcome = { mail: boolean };

/** A confirmation mail due to be sent. */
export interface DueConfirmation {
  id: string;
  email: string;
  dueAt: string;
}

export type ConfirmOutcome = 'confirmed' | 'expired' | 'invalid';

/** Every SQL statement about subscribers. Addresses come in trimmed and lower-cased. */
export class SubscriberRepository {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Kysely<Schema>) {}

  /**
   * A visitor gave an address: a new or still pending one gets a confirmation mail queued (unless
   * one was mailed within 10 minutes); a confirmed one nothing; a bounced one starts again. The
   * mail's link is made when the mail goes (`claimConfirmation`).
   */
  async subscribe(email: string, now: Date): Promise<SubscribeOutcome> {
    const existing = await this.findByEmail(email);
    if (existing?.status === 'confirmed') return { mail: false };
    const sentAt = existing?.confirmation_sent_at ? Date.parse(existing.confirmation_sent_at) : Number.NEGATIVE_INFINITY;
    if (existing?.status === 'pending' && (now.getTime() - sentAt < RESEND_AFTER_MS || existing.confirmation_due_at)) return { mail: false };
    const marker = randomUUID();
    const link = { token_hash: hashToken(marker), token_expires_at: null, confirmation_due_at: now.toISOString() };
    if (existing) {
      // A bounced address that subscribes again is a pending one, counted from now.
      const restart = existing.status === 'bounced' ? { status: 'pending' as const, created_at: now.toISOString(), bounced_at: null, last_error: null } : {};
      await this.db.updateTable('subscribers').set({ ...link, ...restart }).where('id', '=', existing.id).execute();
    } else {
      await this.db
        .insertInto('subscribers')
        .values({ id: randomUUID(), email, status: 'pending', ...link, confirmation_sent_at: null, created_at: now.toISOString(), confirmed_at: null, bounced_at: null, last_error: null })
        // Two requests for one new address at once: the second changes nothing and mails nothing.
        .onConflict((conflict) => conflict.column('email').doNothing())
        .execute();
      const stored = await this.findByEmail(email);
      if (stored?.token_hash !== link.token_hash) return { mail: false };
    }
    return { mail: true };
  }

  /** Confirmation mails due now, the longest waiting first. */
  async dueConfirmations(now: Date, limit: number): Promise<DueConfirmation[]> {
    const rows = await this.db
      .selectFrom('subscribers')
      .select(['id', 'email', 'confirmation_due_at'])
      .where('status', '=', 'pending')
      .where('confirmation_due_at', '<=', now.toISOString())
      .orderBy('confirmation_due_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, email: row.email, dueAt: row.confirmation_due_at! }));
  }

  /** When the next confirmation mail is due, or null. */
  async nextConfirmationDue(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.min<string | null>('confirmation_due_at').as('at'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }

  /**
   * Takes a due confirmation mail, held against other senders until `holdUntil`, with a new link
   * (the one token that confirms from now on, stored as its hash): null when another sender took
   * it or it is no longer due.
   */
  async claimConfirmation(due: DueConfirmation, now: Date, holdUntil: Date): Promise<string | null> {
    const token = randomBytes(32).toString('base64url');
    const result = await this.db
      .updateTable('subscribers')
      .set({ token_hash: hashToken(token), token_expires_at: iso(now.getTime() + CONFIRM_LINK_MS), confirmation_sent_at: now.toISOString(), confirmation_due_at: holdUntil.toISOString() })
      .where('id', '=', due.id)
      .where('status', '=', 'pending')
      .where('confirmation_due_at', '=', due.dueAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? token : null;
  }

  /** The confirmation mail went; or, with `retryAt`, did not and waits until then. */
  async confirmationDone(id: string, retryAt: Date | null, error: string | null = null): Promise<void> {
    await this.db
      .updateTable('subscribers')
      .set({ confirmation_due_at: retryAt?.toISOString() ?? null, last_error: error })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Confirms the address of a link's token, once; the link then stops working. */
  async confirm(token: string, now: Date): Promise<ConfirmOutcome> {
    const row = await this.db.selectFrom('subscribers').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!row) return 'invalid';
    if (!row.token_expires_at || row.token_expires_at <= now.toISOString()) return 'expired';
    await this.db
      .updateTable('subscribers')
      .set({ status: 'confirmed', confirmed_at: now.toISOString(), token_hash: null, token_expires_at: null, confirmation_due_at: null })
      .where('id', '=', row.id)
      .execute();
    return 'confirmed';
  }

  /** Subscribes an address the owner vouches for (an import with consent): confirmed at once. */
  async confirmDirectly(email: string, now: Date): Promise<'subscribed' | 'unchanged'> {
    const existing = await this.findByEmail(email);
    if (existing?.status === 'confirmed') return 'unchanged';
    const confirmed = { status: 'confirmed' as const, confirmed_at: now.toISOString(), token_hash: null, token_expires_at: null, confirmation_due_at: null, bounced_at: null, last_error: null };
    if (existing) await this.db.updateTable('subscribers').set(confirmed).where('id', '=', existing.id).execute();
    else await this.db.insertInto('subscribers').values({ id: randomUUID(), email, created_at: now.toISOString(), confirmation_sent_at: null, ...confirmed }).execute();
    return 'subscribed';
  }

  findByEmail(email: string): Promise<SubscriberRow | undefined> {
    return this.db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  }

  find(id: string): Promise<SubscriberRow | undefined> {
    return this.db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Removes a subscriber and every trace of the address: unsubscribing keeps nothing. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('newsletter_deliveries').set({ state: 'skipped', email: '' }).where('subscriber_id', '=', id).where('state', '=', 'pending').execute();
      await trx.updateTable('newsletter_deliveries').set({ email: '' }).where('subscriber_id', '=', id).execute();
      return trx.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
    });
    return Number(result.numDeletedRows) > 0;
  }

  /** The mail server refused the address for good: it is skipped from now on. */
  async bounced(id: string, error: string, now: Date): Promise<void> {
    await this.db.updateTable('subscribers').set({ status: 'bounced', bounced_at: now.toISOString(), last_error: error, confirmation_due_at: null }).where('id', '=', id).execute();
  }

  /** A page of the list, newest first, of the addresses containing `query`. */
  async page(query: string, page: number, limit: number): Promise<{ rows: SubscriberRow[]; total: number }> {
    const search = query.trim().toLowerCase();
    const base = this.db.selectFrom('subscribers').$if(search !== '', (qb) => qb.where(sql<boolean>`email LIKE ${`%${escapeLike(search)}%`} ESCAPE '\\'`));
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset((page - 1) * limit).execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async confirmedCount(): Promise<number> {
    const row = await this.db.selectFrom('subscribers').select((eb) => eb.fn.countAll<string | number>().as('count')).where('status', '=', 'confirmed').executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Every subscriber, a page at a time in a stable order, for the export: never all in memory. */
  async *all(pageSize = 500): AsyncGenerator<SubscriberRow> {
    let after = '';
    for (;;) {
      const rows = await this.db.selectFrom('subscribers').selectAll().where('id', '>', after).orderBy('id').limit(pageSize).execute();
      yield* rows;
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  /**
   * Deletes addresses never confirmed within 7 days; at most once a minute here. Nothing reads
   * them meanwhile (only confirmed ones are mailed), so a late sweep changes nothing anyone sees.
   */
  async sweepUnconfirmed(now: Date): Promise<number | null> {
    if (now.getTime() - this.lastSweep < SWEEP_MS) return null;
    this.lastSweep = now.getTime();
    const result = await this.db.deleteFrom('subscribers').where('status', '=', 'pending').where('created_at', '<', iso(now.getTime() - UNCONFIRMED_KEPT_MS)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** `%` and `_` typed in a search are letters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
