import { sql } from 'kysely';
import type { PostCounts, PostStatus } from '../../shared/api-types';
import type { Database } from '../db/database';
import type { PostRow } from '../db/schema';
import { POST_COLUMNS, type PostListRow, type PostPageRow } from './post-shape';

/**
 * Which posts a list holds: for visitors only those whose publication time has passed, newest
 * publication first; for the owner every post (or those of one status), newest created first.
 * Search words and a tag narrow either.
 */
export type PostFilter = ({ kind: 'public' } | { kind: 'owner'; status?: PostStatus }) & {
  now: Date;
  /** Words that must all appear in the title or the text (any case). */
  words?: string[];
  /** Only posts carrying the tag of this slug. */
  tag?: string;
};

/** The words of a search, at most eight; LIKE's own wildcards in them match themselves. */
export function searchWords(query: string | undefined): string[] {
  return (query ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface PageRequest {
  offset: number;
  limit: number;
}

/** Every read of posts. Times are ISO strings of one format, so SQL compares them as text. */
export class PostQueries {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async list(filter: PostFilter, page?: PageRequest): Promise<PostListRow[]> {
    if (this.isTagPage(filter)) return this.tagPage(filter, page);
    let query = this.filtered(filter).select(POST_COLUMNS);
    query =
      filter.kind === 'public'
        ? query.orderBy('published_at', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc')
        : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (page) query = query.limit(page.limit).offset(page.offset);
    return query.execute();
  }

  async count(filter: PostFilter): Promise<number> {
    if (this.isTagPage(filter)) {
      const { count } = await this.db
        .selectFrom('post_tags')
        .select(sql<number | string>`count(*)`.as('count'))
        .where('slug', '=', filter.tag!)
        .where('published_at', '<=', filter.now.toISOString())
        .executeTakeFirstOrThrow();
      return Number(count);
    }
    const { count } = await this.filtered(filter).select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Visitors only: a draft's or an undue post's slug is as unknown as a missing one. */
  async findPublicBySlug(slug: string, now: Date): Promise<PostPageRow | undefined> {
    return this.filtered({ kind: 'public', now }).select([...POST_COLUMNS, 'html']).where('slug', '=', slug).executeTakeFirst();
  }

  /** What the related posts of a visible post follow from (its id and tags): no text, no HTML. */
  async findPublicTagsBySlug(slug: string, now: Date): Promise<Pick<PostRow, 'id' | 'tags'> | undefined> {
    return this.filtered({ kind: 'public', now }).select(['id', 'tags']).where('slug', '=', slug).executeTakeFirst();
  }

  async findById(id: string): Promise<PostRow | undefined> {
    return this.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async counts(now: Date): Promise<PostCounts> {
    const nowIso = now.toISOString();
    const row = await this.db
      .selectFrom('posts')
      .select([
        sql<number | string>`count(*)`.as('total'),
        sql<number | string>`count(*) filter (where published_at is null)`.as('draft'),
        sql<number | string>`count(*) filter (where published_at > ${nowIso})`.as('scheduled'),
        sql<number | string>`count(*) filter (where published_at <= ${nowIso})`.as('published'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), draft: Number(row.draft), scheduled: Number(row.scheduled), published: Number(row.published) };
  }

  /** The earliest publication still to come, which is when visitors' pages next change by themselves. */
  async nextPublicationAfter(now: Date): Promise<Date | null> {
    const row = await this.db
      .selectFrom('posts')
      .select(sql<string | null>`min(published_at)`.as('next'))
      .where('published_at', '>', now.toISOString())
      .executeTakeFirst();
    return row?.next ? new Date(row.next) : null;
  }

  /**
   * The image keys (of `keys`, or all) a post, one of its revisions or a post's text (now or in
   * an earlier version) refers to.
   */
  async imageKeys(keys?: readonly string[]): Promise<Set<string>> {
    const some = keys !== undefined;
    const rows = await this.db
      .selectFrom('posts')
      .select('image_key')
      .where('image_key', 'is not', null)
      .$if(some, (query) => query.where('image_key', 'in', keys!))
      .union(this.db.selectFrom('post_revisions').select('image_key').where('image_key', 'is not', null).$if(some, (query) => query.where('image_key', 'in', keys!)))
      .union(this.db.selectFrom('post_images').select('image_key').$if(some, (query) => query.where('image_key', 'in', keys!)))
      .execute();
    return new Set(rows.map((row) => row.image_key!));
  }

  /**
   * A tag's page as visitors see it: one range of the `post_tags` index, in the blog's order,
   * however many posts the site and the tag have.
   */
  private isTagPage(filter: PostFilter): boolean {
    return filter.kind === 'public' && filter.tag !== undefined && !filter.words?.length;
  }

  private async tagPage(filter: PostFilter, page?: PageRequest): Promise<PostListRow[]> {
    return this.db
      .selectFrom('post_tags as t')
      .innerJoin('posts as p', 'p.id', 't.post_id')
      .select(POST_COLUMNS.map((column) => `p.${column}` as const))
      .where('t.slug', '=', filter.tag!)
      .where('t.published_at', '<=', filter.now.toISOString())
      .orderBy('t.published_at', 'desc')
      .orderBy('t.created_at', 'desc')
      .orderBy('t.post_id', 'desc')
      .$if(page !== undefined, (query) => query.limit(page!.limit).offset(page!.offset))
      .execute();
  }

  private filtered(filter: PostFilter) {
    let query = this.db.selectFrom('posts');
    if (filter.tag !== undefined) {
      const tag = filter.tag;
      query = query.where('id', 'in', (eb) => eb.selectFrom('post_tags').select('post_id').where('slug', '=', tag));
    }
    // Until posts have a search index, a search scans titles and texts: a few milliseconds at
    // 10,000 posts, for the owner's dashboard.
    for (const word of filter.words ?? []) {
      const pattern = `%${escapeLike(word.toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(title)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(content)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    const now = filter.now.toISOString();
    const status = filter.kind === 'public' ? 'published' : filter.status;
    if (status === 'draft') return query.where('published_at', 'is', null);
    if (status === 'scheduled') return query.where('published_at', '>', now);
    if (status === 'published') return query.where('published_at', '<=', now);
    return query;
  }
}
