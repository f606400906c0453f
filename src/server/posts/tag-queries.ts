import { sql } from 'kysely';
import type { TagSummary } from '../../shared/api-types';
import { RELATED_POSTS } from '../../shared/constants';
import type { Database } from '../db/database';
import { tagNamesOf } from './post-indexes';
import { POST_COLUMNS, type PostListRow } from './post-shape';
import { tagSlug } from '../../shared/text/tags';

/** Posts of each tag considered for a post's related posts: its newest this many. */
const RELATED_CANDIDATES = 100;

/** Which posts the tags count: visitors' published ones; the owner's editor suggests the tags of every post. */
export type TagFilter = { kind: 'public'; now: Date } | { kind: 'owner' };

/** Reads of tags and of the posts they relate. */
export class TagQueries {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Tags with their number of posts, most used first. Two posts may spell one tag differently
   * ("React", "react"): the tag shows under the spelling of its newest post.
   */
  async list(filter: TagFilter): Promise<TagSummary[]> {
    const rows = await this.db
      .selectFrom('post_tags')
      .select(['slug', 'name', sql<number | string>`count(*)`.as('count'), sql<string>`max(coalesce(published_at, created_at))`.as('latest')])
      .$if(filter.kind === 'public', (query) => query.where('published_at', '<=', (filter as { now: Date }).now.toISOString()))
      .groupBy(['slug', 'name'])
      .execute();
    const tags = new Map<string, TagSummary & { latest: string }>();
    for (const row of rows) {
      const tag = tags.get(row.slug) ?? { slug: row.slug, name: row.name, count: 0, latest: '' };
      tag.count += Number(row.count);
      if (row.latest > tag.latest) Object.assign(tag, { name: row.name, latest: row.latest });
      tags.set(row.slug, tag);
    }
    return [...tags.values()].map(({ name, slug, count }) => ({ name, slug, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en'));
  }

  /**
   * A tag visitors can open: one that a published post carries. Two seeks of the tag's index
   * (its count, and the spelling of its newest post), however many posts carry it.
   */
  async find(slug: string, now: Date): Promise<TagSummary | undefined> {
    const nowIso = now.toISOString();
    const visible = this.db.selectFrom('post_tags').where('slug', '=', slug).where('published_at', '<=', nowIso);
    const [newest, counted] = await Promise.all([
      visible.select('name').orderBy('published_at', 'desc').orderBy('created_at', 'desc').orderBy('post_id', 'desc').limit(1).executeTakeFirst(),
      visible.select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ]);
    return newest && { name: newest.name, slug, count: Number(counted.count) };
  }

  /**
   * Up to three published posts sharing most tags with this one, newest first among equals;
   * none when it has no tags or no other post shares one. Candidates are each tag's newest
   * RELATED_CANDIDATES posts (one index range a tag): a post page costs the same whether a tag
   * has fifty posts or fifty thousand, and among thousands the newest are the ones to offer.
   */
  async related(post: Pick<PostListRow, 'id' | 'tags'>, now: Date): Promise<PostListRow[]> {
    const slugs = [...new Set(tagNamesOf(post).map(tagSlug).filter(Boolean))];
    if (slugs.length === 0) return [];
    const nowIso = now.toISOString();
    const perTag = await Promise.all(
      slugs.map((slug) =>
        this.db
          .selectFrom('post_tags')
          .select(['post_id', 'published_at'])
          .where('slug', '=', slug)
          .where('published_at', '<=', nowIso)
          .where('post_id', '!=', post.id)
          .orderBy('published_at', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('post_id', 'desc')
          .limit(RELATED_CANDIDATES)
          .execute(),
      ),
    );
    const shared = new Map<string, { count: number; published: string }>();
    for (const row of perTag.flat()) {
      const entry = shared.get(row.post_id) ?? { count: 0, published: row.published_at ?? '' };
      entry.count += 1;
      shared.set(row.post_id, entry);
    }
    const ranked = [...shared]
      .sort(([aId, a], [bId, b]) => b.count - a.count || b.published.localeCompare(a.published) || bId.localeCompare(aId))
      .slice(0, RELATED_POSTS)
      .map(([id]) => id);
    if (ranked.length === 0) return [];
    const rows = await this.db.selectFrom('posts').select(POST_COLUMNS).where('id', 'in', ranked).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ranked.flatMap((id) => byId.get(id) ?? []);
  }
}
