import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { firstFreeSlug, slugCandidate, slugFromTitle } from '../../shared/text/slug';
import type { Database } from '../db/database';
import type { PostRow } from '../db/schema';

export interface PostFields {
  title: string;
  content: string;
}

export interface UpdatedPost {
  post: PostRow;
  /** The image the post had before, to be removed once the change is committed. */
  previousImageKey: string | null;
}

/** Tries with the next free number before falling back to a random suffix (a pathological race). */
const SLUG_ATTEMPTS = 8;

/** Every SQL statement about posts. Newest first means created_at, then id, both descending. */
export class PostRepository {
  private lastCreatedAt = 0;

  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async list(page?: { offset: number; limit: number }): Promise<PostRow[]> {
    let query = this.db.selectFrom('posts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (page) query = query.limit(page.limit).offset(page.offset);
    return query.execute();
  }

  async count(): Promise<number> {
    const { count } = await this.db.selectFrom('posts').select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow();
    return Number(count);
  }

  async findBySlug(slug: string): Promise<PostRow | undefined> {
    return this.db.selectFrom('posts').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async findById(id: string): Promise<PostRow | undefined> {
    return this.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Inserts a post under the first free slug for its title. Two creates racing for one slug
   * both pass the look-up; the unique index refuses the second, which tries the next number.
   */
  async create(fields: PostFields, imageKey: string | null): Promise<PostRow> {
    const base = slugFromTitle(fields.title);
    const now = this.nextCreatedAt();
    for (let attempt = 1; ; attempt++) {
      const slug = attempt < SLUG_ATTEMPTS ? firstFreeSlug(base, await this.slugsLike(base)) : slugCandidate(base, randomSuffix());
      try {
        return await this.db
          .insertInto('posts')
          .values({ id: randomUUID(), ...fields, slug, image_key: imageKey, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Changes title and content, and the image when `imageKey` is given; the slug stays, so shared
   * links keep working. Undefined when the post does not exist (any more).
   */
  async update(id: string, fields: PostFields, imageKey?: string): Promise<UpdatedPost | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // Row lock on PostgreSQL, so two replacements cannot both think they own the old image;
      // SQLite runs one write transaction at a time anyway.
      const current = await trx
        .selectFrom('posts')
        .select(['image_key', 'created_at'])
        .where('id', '=', id)
        .$if(this.database.engine === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst();
      if (!current) return undefined;
      const now = new Date().toISOString();
      const post = await trx
        .updateTable('posts')
        .set({ ...fields, updated_at: now < current.created_at ? current.created_at : now, ...(imageKey ? { image_key: imageKey } : {}) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { post, previousImageKey: imageKey ? current.image_key : null };
    });
  }

  /** Deletes a post and answers what it was, or undefined when there was none. */
  async delete(id: string): Promise<PostRow | undefined> {
    return this.db.deleteFrom('posts').where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** Every image key some post refers to. */
  async imageKeys(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('posts').select('image_key').where('image_key', 'is not', null).execute();
    return new Set(rows.map((row) => row.image_key!));
  }

  private async slugsLike(base: string): Promise<string[]> {
    // Slugs hold only [a-z0-9-], so the base needs no escaping inside LIKE.
    const rows = await this.db
      .selectFrom('posts')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    return rows.map((row) => row.slug);
  }

  /**
   * Creation times strictly increase within this process, so posts created in the same
   * millisecond still list in the order they were made.
   */
  private nextCreatedAt(): string {
    this.lastCreatedAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    return new Date(this.lastCreatedAt).toISOString();
  }
}

function randomSuffix(): number {
  return 1000 + (randomBytes(4).readUInt32BE(0) % 9_000_000);
}

/** SQLite and PostgreSQL report a unique index violation differently (never instanceof: see BRIEF). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
