import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { LEAD_NOTES_PER_LEAD, type Lead, type LeadStatus } from '../../shared/leads';
import type { LeadRow, Schema } from '../db/schema';
import { sourceLabel, type LeadSource } from './source-fields';

type Db = Kysely<Schema> | Transaction<Schema>;

/** Amounts are kept in cents: sums stay exact on both engines. */
const toCents = (amount: number) => Math.round(amount * 100);
const fromCents = (cents: number | string | null) => (cents === null ? null : Number(cents) / 100);

/** Statuses whose follow-up no longer asks for anything. */
const CLOSED_STATUSES: LeadStatus[] = ['won', 'lost'];

/**
 * Stores a message's lead (in the message's own transaction): New, with where its sender came
 * from. A message judged spam gets its row too, not counted until it leaves the spam folder.
 */
export async function insertLead(db: Db, id: string, source: LeadSource, isLead: boolean, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('leads')
    .values({
      id,
      received_at: at,
      is_lead: isLead ? 1 : 0,
      status: 'new',
      status_changed_at: at,
      follow_up_on: null,
      amount_cents: null,
      source: sourceLabel(source),
      landing_path: source.landingPath,
      referrer_host: source.referrerHost,
      utm_source: source.utmSource,
      utm_medium: source.utmMedium,
      utm_campaign: source.utmCampaign,
      erased_at: null,
    })
    .execute();
  if (source.viewedPaths.length > 0) {
    await db
      .insertInto('lead_paths')
      .values(source.viewedPaths.map((path, position) => ({ lead_id: id, position, path })))
      .execute();
  }
}

/**
 * A message leaves the inbox for good (deleted or erased): its notes go, and its lead stays,
 * with nothing of the person, for the counts. One in the spam folder was never a lead and goes whole.
 */
export async function detachLeads(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('lead_notes').where('lead_id', 'in', ids).execute();
  const spam = db.selectFrom('leads').select('id').where('id', 'in', ids).where('is_lead', '=', 0);
  await db.deleteFrom('lead_paths').where('lead_id', 'in', spam).execute();
  await db.deleteFrom('leads').where('id', 'in', ids).where('is_lead', '=', 0).execute();
  await db.updateTable('leads').set({ erased_at: now.toISOString(), follow_up_on: null }).where('id', 'in', ids).execute();
}

/** What another feature keeps of a person, erased with their messages in the same transaction; answers how many rows went. */
export type PersonEraser = (trx: Transaction<Schema>, email: string) => Promise<number>;

/** Every read and write of leads that the inbox makes. */
export class LeadRepository {
  private readonly erasers: PersonEraser[] = [];

  constructor(private readonly db: Kysely<Schema>) {}

  /** Adds what else `erase` erases of a person (bookings): the features above this one register it, unknown here. */
  alsoErase(eraser: PersonEraser): void {
    this.erasers.push(eraser);
  }

  /** The leads of these messages, by message id. */
  async byIds(ids: string[]): Promise<Map<string, Lead>> {
    const leads = new Map<string, Lead>();
    if (ids.length === 0) return leads;
    const [rows, paths, notes] = await Promise.all([
      this.db.selectFrom('leads').selectAll().where('id', 'in', ids).execute(),
      this.db.selectFrom('lead_paths').selectAll().where('lead_id', 'in', ids).orderBy('lead_id').orderBy('position').execute(),
      this.db.selectFrom('lead_notes').selectAll().where('lead_id', 'in', ids).orderBy('created_at').orderBy('id').execute(),
    ]);
    for (const row of rows) leads.set(row.id, toLead(row));
    for (const path of paths) leads.get(path.lead_id)?.viewedPaths.push(path.path);
    for (const note of notes) leads.get(note.lead_id)?.notes.push({ _id: note.id, text: note.body, createdAt: note.created_at });
    return leads;
  }

  /** Ids of inbox messages in a status, newest first. */
  async idsWithStatus(status: LeadStatus, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('contact_messages as m')
      .innerJoin('leads as l', 'l.id', 'm.id')
      .select('m.id')
      .where('m.folder', '=', 'inbox')
      .where('l.status', '=', status)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  find(id: string): Promise<LeadRow | undefined> {
    return this.db.selectFrom('leads').selectAll().where('id', '=', id).where('is_lead', '=', 1).where('erased_at', 'is', null).executeTakeFirst();
  }

  async update(id: string, change: { status: LeadStatus; followUpOn: string | null; amount: number | null }, now: Date): Promise<void> {
    const current = await this.find(id);
    if (!current) return;
    await this.db
      .updateTable('leads')
      .set({
        status: change.status,
        status_changed_at: change.status === current.status ? current.status_changed_at : now.toISOString(),
        follow_up_on: change.followUpOn,
        amount_cents: change.amount === null ? null : toCents(change.amount),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Adds a dated note; false when the lead already holds as many as it keeps. */
  async addNote(id: string, text: string, now: Date): Promise<boolean> {
    const { count } = await this.db
      .selectFrom('lead_notes')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('lead_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= LEAD_NOTES_PER_LEAD) return false;
    await this.db.insertInto('lead_notes').values({ id: randomUUID(), lead_id: id, body: text, created_at: now.toISOString() }).execute();
    return true;
  }

  async deleteNote(id: string, noteId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('lead_notes').where('lead_id', '=', id).where('id', '=', noteId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Open leads whose follow-up day is `today` or before, the oldest day first. */
  due(today: string, limit = 200) {
    return this.db
      .selectFrom('leads as l')
      .innerJoin('contact_messages as m', 'm.id', 'l.id')
      .select(['l.id', 'm.name', 'm.email', 'l.status', 'l.follow_up_on'])
      .where('m.folder', '=', 'inbox')
      .where('l.follow_up_on', '<=', today)
      .where('l.status', 'not in', CLOSED_STATUSES)
      .orderBy('l.follow_up_on')
      .orderBy('m.created_at')
      .limit(limit)
      .execute();
  }

  /** Every inbox message as a lead, newest first, in pages the export streams. */
  exportPage(before: { at: string; id: string } | null, size: number) {
    return this.db
      .selectFrom('contact_messages as m')
      .innerJoin('leads as l', 'l.id', 'm.id')
      .select(['m.id', 'm.created_at', 'm.name', 'm.email', 'l.status', 'l.source', 'l.landing_path', 'l.amount_cents'])
      .where('m.folder', '=', 'inbox')
      .$if(before !== null, (qb) =>
        qb.where((eb) => eb.or([eb('m.created_at', '<', before!.at), eb.and([eb('m.created_at', '=', before!.at), eb('m.id', '<', before!.id)])])),
      )
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(size)
      .execute();
  }

  /** Erases every message sent from an address (either folder), and what other features registered: the messages and notes go, the counts stay. */
  async erase(email: string, now: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const address = email.trim().toLowerCase();
      for (const eraser of this.erasers) await eraser(trx, address);
      const rows = await trx
        .selectFrom('contact_messages')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
        .execute();
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return 0;
      await detachLeads(trx, ids, now);
      await trx.deleteFrom('contact_messages').where('id', 'in', ids).execute();
      return ids.length;
    });
  }
}

function toLead(row: LeadRow): Lead {
  return {
    status: row.status as LeadStatus,
    statusChangedAt: row.status_changed_at,
    followUpOn: row.follow_up_on,
    amount: fromCents(row.amount_cents),
    source: row.source,
    landingPath: row.landing_path,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    viewedPaths: [],
    notes: [],
  };
}

export { fromCents };
