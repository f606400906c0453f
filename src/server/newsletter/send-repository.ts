import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NewsletterDeliveryRow, Schema } from '../db/schema';
import type { NewsletterSend } from '../../shared/newsletter';

/** The most sends the dashboard is told about at once (newest first): one per post ever mailed. */
const SENDS_LISTED = 500;

/** One recipient's mail as a sender holds it. */
export interface Claim {
  postId: string;
  subscriberId: string;
  token: string;
}

/** Every SQL statement about sends and their recipients. */
export class SendRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /** Asks for a post to be mailed once; false when it already was asked for. */
  async request(postId: string, now: Date): Promise<boolean> {
    const result = await this.db
      .insertInto('newsletter_sends')
      .values({ post_id: postId, state: 'waiting', requested_at: now.toISOString(), started_at: null, finished_at: null })
      .onConflict((conflict) => conflict.column('post_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Drops a send that has not started (the owner changed their mind, or deleted the post). */
  async cancelWaiting(postId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('newsletter_sends').where('post_id', '=', postId).where('state', '=', 'waiting').executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Waiting sends whose post is visible now: the ones to start. */
  async dueToStart(now: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('newsletter_sends')
      .innerJoin('posts', 'posts.id', 'newsletter_sends.post_id')
      .select('newsletter_sends.post_id')
      .where('newsletter_sends.state', '=', 'waiting')
      .where('posts.published_at', 'is not', null)
      .where('posts.published_at', '<=', now.toISOString())
      .execute();
    return rows.map((row) => row.post_id);
  }

  /** When the next waiting send's post becomes visible, or null. */
  async nextStart(now: Date): Promise<Date | null> {
    const row = await this.db
      .selectFrom('newsletter_sends')
      .innerJoin('posts', 'posts.id', 'newsletter_sends.post_id')
      .select((eb) => eb.fn.min<string | null>('posts.published_at').as('at'))
      .where('newsletter_sends.state', '=', 'waiting')
      .where('posts.published_at', '>', now.toISOString())
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }

  /**
   * Starts a send, once whatever the number of instances: the conditional UPDATE lets exactly one
   * through. Its recipients are then copied a page at a time (`copyRecipients`).
   */
  async start(postId: string, now: Date): Promise<boolean> {
    const claimed = await this.db
      .updateTable('newsletter_sends')
      .set({ state: 'sending', started_at: now.toISOString(), copied_after: '' })
      .where('post_id', '=', postId)
      .where('state', '=', 'waiting')
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0;
  }

  /**
   * Copies the next page of confirmed subscribers into a started send's recipients, in one short
   * transaction that also moves the send's mark; false once the list is complete. One sender
   * copies at a time (the send's lock), and a page copied twice adds nobody twice.
   */
  async copyRecipients(postId: string, now: Date, pageSize: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const send = await trx.selectFrom('newsletter_sends').select('copied_after').where('post_id', '=', postId).where('state', '=', 'sending').executeTakeFirst();
      if (send?.copied_after == null) return false;
      const after = send.copied_after;
      const page = trx.selectFrom('subscribers').select('id').where('status', '=', 'confirmed').where('id', '>', after).orderBy('id').limit(pageSize);
      const last = await trx
        .selectFrom(page.as('page'))
        .select((eb) => eb.fn.max<string | null>('page.id').as('id'))
        .executeTakeFirst();
      if (!last?.id) {
        await trx.updateTable('newsletter_sends').set({ copied_after: null }).where('post_id', '=', postId).execute();
        return false;
      }
      const inserted = await trx
        .insertInto('newsletter_deliveries')
        .columns(['post_id', 'subscriber_id', 'email', 'state', 'next_attempt_at'])
        .expression((eb) =>
          eb
            .selectFrom('subscribers')
            .select((s) => [s.val(postId).as('post_id'), 'id', 'email', s.val('pending').as('state'), s.val(now.toISOString()).as('next_attempt_at')])
            .where('status', '=', 'confirmed')
            .where('id', '>', after)
            .where('id', '<=', last.id),
        )
        .onConflict((conflict) => conflict.columns(['post_id', 'subscriber_id']).doNothing())
        .executeTakeFirst();
      await trx
        .updateTable('newsletter_sends')
        .set((eb) => ({ total: eb('total', '+', Number(inserted.numInsertedOrUpdatedRows ?? 0)), copied_after: last.id }))
        .where('post_id', '=', postId)
        .execute();
      return true;
    });
  }

  async sendingPosts(): Promise<string[]> {
    const rows = await this.db.selectFrom('newsletter_sends').select('post_id').where('state', '=', 'sending').orderBy('started_at').execute();
    return rows.map((row) => row.post_id);
  }

  /**
   * Mails claimed by a sender that is gone: their lease ran out (a sender at work renews its
   * lease, `renew`). A claim still within its lease may be another sender's at work (SQLite runs
   * a pass without the advisory lock, and a sender outlives a lost lock on PostgreSQL), so it
   * stays. The mail may or may not have left: it is sent again, under the same Message-ID.
   */
  async releaseClaims(now: Date): Promise<void> {
    await this.db
      .updateTable('newsletter_deliveries')
      .set({ state: 'pending', claimed_until: null, claim_token: null })
      .where('state', '=', 'sending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]))
      .execute();
  }

  /** The next recipients due, a page at a time in a stable order: a send of any size stays small in memory. */
  duePage(postId: string, now: Date, after: string, limit: number): Promise<NewsletterDeliveryRow[]> {
    return this.db
      .selectFrom('newsletter_deliveries')
      .selectAll()
      .where('post_id', '=', postId)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .where('subscriber_id', '>', after)
      .orderBy('subscriber_id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes one recipient's mail; exactly one of two racing senders changes the row. The winner
   * gets the claim's token, which settling the mail asks for; null for the loser.
   */
  async claim(postId: string, subscriberId: string, now: Date, leaseUntil: Date): Promise<string | null> {
    const token = randomUUID();
    const result = await this.db
      .updateTable('newsletter_deliveries')
      .set((eb) => ({ state: 'sending', claimed_until: leaseUntil.toISOString(), claim_token: token, attempts: eb('attempts', '+', 1) }))
      .where('post_id', '=', postId)
      .where('subscriber_id', '=', subscriberId)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? token : null;
  }

  sent(claim: Claim, now: Date): Promise<boolean> {
    return this.settle(claim, { state: 'sent', sent_at: now.toISOString(), last_error: null });
  }

  retryAt(claim: Claim, next: Date, error: string): Promise<boolean> {
    return this.settle(claim, { state: 'pending', next_attempt_at: next.toISOString(), last_error: error });
  }

  /** Keeps a claim this sender is still at work on; false when it is no longer this sender's. */
  renew(claim: Claim, leaseUntil: Date): Promise<boolean> {
    return this.underClaim(claim, { claimed_until: leaseUntil.toISOString() });
  }

  /** When the first claim now held runs out, or null: a sender that died holding it is replaced then. */
  async nextClaimExpiry(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('newsletter_deliveries')
      .select((eb) => eb.fn.min<string | null>('claimed_until').as('at'))
      .where('state', '=', 'sending')
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }

  failed(claim: Claim, error: string): Promise<boolean> {
    return this.settle(claim, { state: 'failed', last_error: error });
  }

  skipped(claim: Claim): Promise<boolean> {
    return this.settle(claim, { state: 'skipped' });
  }

  /**
   * Settles a mail under its claim's token: false when the claim is no longer this one (its lease
   * ran out and it was released, or another sender holds it now), and the row is left to its holder.
   */
  private settle(claim: Claim, fields: Partial<NewsletterDeliveryRow>): Promise<boolean> {
    return this.underClaim(claim, { ...fields, claimed_until: null, claim_token: null });
  }

  /** Changes a recipient's row while `claim` holds it; false when it does not. */
  private async underClaim({ postId, subscriberId, token }: Claim, fields: Partial<NewsletterDeliveryRow>): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_deliveries')
      .set(fields)
      .where('post_id', '=', postId)
      .where('subscriber_id', '=', subscriberId)
      .where('state', '=', 'sending')
      .where('claim_token', '=', token)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks a send done once nothing of it waits; true when it did. */
  async finishIfDone(postId: string, now: Date): Promise<boolean> {
    const copying = await this.db.selectFrom('newsletter_sends').select('copied_after').where('post_id', '=', postId).executeTakeFirst();
    if (copying?.copied_after != null) return false;
    const open = await this.db
      .selectFrom('newsletter_deliveries')
      .select('subscriber_id')
      .where('post_id', '=', postId)
      .where('state', 'in', ['pending', 'sending'])
      .limit(1)
      .executeTakeFirst();
    if (open) return false;
    await this.db.updateTable('newsletter_sends').set({ state: 'done', finished_at: now.toISOString() }).where('post_id', '=', postId).where('state', '=', 'sending').execute();
    return true;
  }

  /** The earliest retry of a running send, or null. */
  async nextRetry(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('newsletter_deliveries')
      .innerJoin('newsletter_sends', 'newsletter_sends.post_id', 'newsletter_deliveries.post_id')
      .select((eb) => eb.fn.min<string | null>('newsletter_deliveries.next_attempt_at').as('at'))
      .where('newsletter_sends.state', '=', 'sending')
      .where('newsletter_deliveries.state', '=', 'pending')
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }

  /** Every send with its progress, newest first, or one post's. */
  async progress(postId?: string): Promise<NewsletterSend[]> {
    const sends = await this.db
      .selectFrom('newsletter_sends')
      .selectAll()
      .$if(postId !== undefined, (qb) => qb.where('post_id', '=', postId!))
      .orderBy('requested_at', 'desc')
      .limit(SENDS_LISTED)
      .execute();
    if (sends.length === 0) return [];
    const counts = await this.db
      .selectFrom('newsletter_deliveries')
      .select((eb) => [
        'post_id',
        eb.fn.countAll<string | number>().filterWhere('state', '=', 'sent').as('sent'),
        eb.fn.countAll<string | number>().filterWhere('state', '=', 'failed').as('failed'),
      ])
      .where('post_id', 'in', sends.map((send) => send.post_id))
      .groupBy('post_id')
      .execute();
    const byPost = new Map(counts.map((row) => [row.post_id, row]));
    return sends.map((send) => ({
      postId: send.post_id,
      state: send.state,
      requestedAt: send.requested_at,
      startedAt: send.started_at,
      finishedAt: send.finished_at,
      total: send.total,
      sent: Number(byPost.get(send.post_id)?.sent ?? 0),
      failed: Number(byPost.get(send.post_id)?.failed ?? 0),
    }));
  }
}

