import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../db/schema';
import { SITE_PARTS, type SiteContent, type SitePart } from '../../shared/contract/site/parts';
import { siteDefaults } from '../../shared/site-content/defaults';
import { contentChanges, samePart, type PartChange } from './content-diff';

/** An image stored through the pipeline, as content names it (`uploadsAddress`). */
const UPLOADED_IMAGE = /\/uploads\/([0-9a-f]{32})\.webp/g;

/** Publications kept: the newest this many, each restorable. */
export const KEPT_PUBLICATIONS = 50;

export interface DraftRow {
  version: number;
  parts: Partial<SiteContent>;
  partVersions: Partial<Record<SitePart, number>>;
  wholeVersion: number;
  lastPublication: number;
}

export interface PublicationRow {
  id: number;
  publishedAt: string;
  content: SiteContent;
  changes: PartChange[];
  restoredFrom: number | null;
}

/** The draft moved on since the version a form was read at. */
export class StaleDraftError extends Error {}

/**
 * Every read and write of the site's content. Each write reads the draft row, then writes it back
 * only where its version is still the one read (compare and set), inside a transaction with what
 * else it writes: of two writers at once, one wins and the other starts over from what the winner
 * left, on either engine, so nothing is half-saved and no save is lost unseen.
 */
export class SiteRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async draft(executor: Kysely<Schema> | Transaction<Schema> = this.db): Promise<DraftRow> {
    const row = await executor.selectFrom('site_draft').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    return {
      version: row.version,
      parts: JSON.parse(row.parts) as Partial<SiteContent>,
      partVersions: JSON.parse(row.part_versions) as DraftRow['partVersions'],
      wholeVersion: row.whole_version,
      lastPublication: row.last_publication,
    };
  }

  /** The newest publication: what visitors read. */
  async latest(executor: Kysely<Schema> | Transaction<Schema> = this.db): Promise<PublicationRow | null> {
    const row = await executor.selectFrom('site_publications').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? publicationOf(row) : null;
  }

  /** The live content (the defaults until a first publication) and when it went live. */
  async published(executor: Kysely<Schema> | Transaction<Schema> = this.db): Promise<{ content: SiteContent; publishedAt: string | null }> {
    const latest = await this.latest(executor);
    return latest ? { content: latest.content, publishedAt: latest.publishedAt } : { content: siteDefaults, publishedAt: null };
  }

  async publications(): Promise<PublicationRow[]> {
    const rows = await this.db.selectFrom('site_publications').selectAll().orderBy('id', 'desc').limit(KEPT_PUBLICATIONS).execute();
    return rows.map(publicationOf);
  }

  async publication(id: number): Promise<PublicationRow | null> {
    const row = await this.db.selectFrom('site_publications').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? publicationOf(row) : null;
  }

  /** The stored images (their keys) the draft or any kept publication shows, of `keys` or of all. */
  async imageKeys(keys?: readonly string[]): Promise<Set<string>> {
    const draft = await this.db.selectFrom('site_draft').select('parts as content').execute();
    const publications = await this.db.selectFrom('site_publications').select('content').execute();
    const named = new Set<string>();
    for (const { content } of [...draft, ...publications]) for (const match of content.matchAll(UPLOADED_IMAGE)) named.add(match[1]!);
    return keys ? new Set(keys.filter((key) => named.has(key))) : named;
  }

  /**
   * Puts one part into the draft (or takes it out, when it says what is live), refusing a form
   * read before the part, or the whole draft, last changed.
   */
  async savePart<P extends SitePart>(part: P, content: SiteContent[P], readAt: number): Promise<DraftRow> {
    return this.changeDraft(async (draft, trx) => {
      if (changedSince(draft, readAt, part)) throw new StaleDraftError();
      const live = (await this.published(trx)).content;
      const parts = { ...draft.parts };
      if (samePart(content, live[part])) delete parts[part];
      else parts[part] = content;
      return { parts, partVersions: { ...draft.partVersions, [part]: draft.version + 1 } };
    });
  }

  /** Drops every unpublished change. */
  async discard(): Promise<DraftRow> {
    return this.changeDraft(async (draft) => ({ parts: {}, partVersions: {}, wholeVersion: draft.version + 1 }));
  }

  /**
   * Publishes the draft as it was when read at `readAt` (a later change of it answers stale), after
   * `check` has passed it; keeps the newest publications only.
   */
  async publish(readAt: number, now: Date, check: (content: SiteContent) => void): Promise<PublicationRow> {
    let publication: PublicationRow | undefined;
    await this.changeDraft(async (draft, trx) => {
      if (changedSince(draft, readAt)) throw new StaleDraftError();
      const live = (await this.published(trx)).content;
      const content = { ...live, ...draft.parts };
      check(content);
      publication = await this.insertPublication(trx, draft.lastPublication + 1, now, live, content, null);
      return { parts: {}, partVersions: {}, wholeVersion: draft.version + 1, lastPublication: publication.id };
    });
    return publication!;
  }

  /** Publishes a kept publication's content again, as a new publication; the draft stays as it is. */
  async restore(from: PublicationRow, now: Date): Promise<PublicationRow> {
    let publication: PublicationRow | undefined;
    await this.changeDraft(async (draft, trx) => {
      const live = (await this.published(trx)).content;
      publication = await this.insertPublication(trx, draft.lastPublication + 1, now, live, from.content, from.id);
      return { lastPublication: publication.id };
    });
    return publication!;
  }

  private async insertPublication(trx: Transaction<Schema>, id: number, now: Date, before: SiteContent, content: SiteContent, restoredFrom: number | null) {
    const row = { id, published_at: now.toISOString(), content: JSON.stringify(content), changes: JSON.stringify(contentChanges(before, content)), restored_from: restoredFrom };
    await trx.insertInto('site_publications').values(row).execute();
    await trx.deleteFrom('site_publications').where('id', '<=', id - KEPT_PUBLICATIONS).execute();
    return publicationOf(row);
  }

  /** Runs `change` on the draft as it is and writes what it returns, starting over if another write came first. */
  private async changeDraft(change: (draft: DraftRow, trx: Transaction<Schema>) => Promise<Partial<Omit<DraftRow, 'version'>>>): Promise<DraftRow> {
    for (;;) {
      const written = await this.db.transaction().execute(async (trx) => {
        const draft = await this.draft(trx);
        // Claimed first: the row's lock holds every other writer back until this one is done.
        const claimed = await trx.updateTable('site_draft').set({ version: draft.version + 1 }).where('id', '=', 1).where('version', '=', draft.version).executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) throw new RaceLost();
        const next: DraftRow = { ...draft, ...(await change(draft, trx)), version: draft.version + 1 };
        await trx
          .updateTable('site_draft')
          .set({ parts: JSON.stringify(next.parts), part_versions: JSON.stringify(next.partVersions), whole_version: next.wholeVersion, last_publication: next.lastPublication })
          .where('id', '=', 1)
          .execute();
        return next;
      }).catch((error: unknown) => {
        if (error instanceof RaceLost) return null;
        throw error;
      });
      if (written) return written;
    }
  }
}

class RaceLost extends Error {}

/**
 * Whether the draft (or one part of it) changed after a page read it at `readAt`: a save of that
 * part, or of any part for the whole draft, a discard or a publication. A restore changes no part
 * of the draft, so a page read before one is not stale.
 */
function changedSince(draft: DraftRow, readAt: number, part?: SitePart): boolean {
  if (readAt > draft.version) return true;
  const changes = part ? [draft.partVersions[part] ?? 0] : Object.values(draft.partVersions);
  return Math.max(draft.wholeVersion, ...changes) > readAt;
}

/** The parts whose draft differs from what is live. */
export function changedParts(draft: DraftRow): SitePart[] {
  return SITE_PARTS.filter((part) => draft.parts[part] !== undefined);
}

function publicationOf(row: Schema['site_publications'] extends infer T ? { [K in keyof T]: T[K] } : never): PublicationRow {
  return {
    id: row.id,
    publishedAt: row.published_at,
    content: { ...siteDefaults, ...(JSON.parse(row.content) as Partial<SiteContent>) },
    changes: JSON.parse(row.changes) as PartChange[],
    restoredFrom: row.restored_from,
  };
}
