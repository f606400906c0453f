import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FEATURED_SLOTS } from '../../shared/case-studies';
import type { CaseStudyRow, Schema } from '../db/schema';

/** What a write stores besides what the repository makes (id, times, slot). */
export type CaseStudyValues = Omit<CaseStudyRow, 'id' | 'published_at' | 'created_at' | 'updated_at' | 'featured_slot'>;

/** Thrown when another case study has the slug. */
export class SlugTaken extends Error {}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Every read and write of case studies and of the four featured slots. */
export class CaseStudyRepository {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly now: () => Date,
  ) {}

  /** Visitors' list: the published ones, the latest publication first. */
  published(): Promise<CaseStudyRow[]> {
    return this.db.selectFrom('case_studies').selectAll().where('status', '=', 'published').orderBy('published_at', 'desc').orderBy('created_at', 'desc').orderBy('id').execute();
  }

  /** The owner's list: every one, the latest change first. */
  all(): Promise<CaseStudyRow[]> {
    return this.db.selectFrom('case_studies').selectAll().orderBy('updated_at', 'desc').orderBy('id').execute();
  }

  /** Which case study holds each slot (its id), whatever its status. */
  async featuredIds(): Promise<(string | null)[]> {
    const rows = await this.db.selectFrom('case_studies').select(['id', 'featured_slot']).where('featured_slot', 'is not', null).execute();
    const slots: (string | null)[] = Array.from({ length: FEATURED_SLOTS }, () => null);
    for (const row of rows) if (row.featured_slot! >= 1 && row.featured_slot! <= FEATURED_SLOTS) slots[row.featured_slot! - 1] = row.id;
    return slots;
  }

  byId(id: string): Promise<CaseStudyRow | undefined> {
    return this.db.selectFrom('case_studies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  publishedBySlug(slug: string): Promise<CaseStudyRow | undefined> {
    return this.db.selectFrom('case_studies').selectAll().where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst();
  }

  /** What every case study's cover and text name, for the image sweep. */
  imageSources(): Promise<Pick<CaseStudyRow, 'cover_url' | 'text'>[]> {
    return this.db.selectFrom('case_studies').select(['cover_url', 'text']).execute();
  }

  async create(values: CaseStudyValues): Promise<CaseStudyRow> {
    const time = this.now().toISOString();
    const row: CaseStudyRow = {
      id: randomUUID(),
      ...values,
      published_at: values.status === 'published' ? time : null,
      created_at: time,
      updated_at: time,
      featured_slot: null,
    };
    await this.slugChecked(() => this.db.insertInto('case_studies').values(row).execute());
    return row;
  }

  /** Undefined when there is no such case study. The first publication's time is kept for good. */
  async update(id: string, values: CaseStudyValues): Promise<CaseStudyRow | undefined> {
    const time = this.now().toISOString();
    const firstPublication = values.status === 'published' ? time : null;
    return this.slugChecked(() =>
      this.db
        .updateTable('case_studies')
        .set((eb) => ({ ...values, published_at: eb.fn.coalesce('published_at', eb.val(firstPublication)), updated_at: time }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    );
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('case_studies').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Puts each id in its slot (null: empty) and takes every other case study out, in one
   * transaction. Answers the ids that name no case study (nothing is changed then).
   */
  async setFeatured(slots: readonly (string | null)[]): Promise<string[]> {
    const ids = slots.filter((id): id is string => id !== null);
    return this.db.transaction().execute(async (trx) => {
      const found = ids.length === 0 ? [] : await trx.selectFrom('case_studies').select('id').where('id', 'in', ids).execute();
      const known = new Set(found.map((row) => row.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) return unknown;
      await trx.updateTable('case_studies').set({ featured_slot: null }).where('featured_slot', 'is not', null).execute();
      for (const [index, id] of slots.entries()) {
        if (id !== null) await trx.updateTable('case_studies').set({ featured_slot: index + 1 }).where('id', '=', id).execute();
      }
      return [];
    });
  }

  private async slugChecked<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new SlugTaken();
      throw error;
    }
  }
}
