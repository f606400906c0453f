import { LRUCache } from 'lru-cache';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema';

/** The page types whose pages exist only as the database's rows (posts, tags, case studies): their slug is the path's last part. */
const FROM_DATA: Record<string, RegExp> = {
  post: /^\/blog\/([^/]+)$/,
  tag: /^\/blog\/tag\/([^/]+)$/,
  'case-study': /^\/portfolio\/([^/]+)$/,
};

/**
 * Whether a post's or a tag's page is served: a post published by now, a tag a published post
 * carries. Each slug's answer is the time its page appeared (or none), kept for the slugs asked
 * about most recently and forgotten on every change of posts (`forget`), so that an event for a
 * known page costs a lookup and one for an unknown slug one indexed read of the database. What it
 * remembers is forgotten whenever `contentGeneration` moves (a change of posts).
 */
export class ServedPaths {
  private readonly since = new LRUCache<string, { at: string | null }>({ max: 10_000 });
  /** The content generation `since` was read in: an answer read before a change is not kept after it. */
  private generation: number;

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly now: () => Date,
    private readonly contentGeneration: () => number,
  ) {
    this.generation = contentGeneration();
  }

  /** True for a path whose page type is not made from data; otherwise whether its page exists. */
  async serves(path: string, pageType: string): Promise<boolean> {
    const answer = this.knownNow(path, pageType);
    if (answer !== undefined) return answer;
    const slug = decodeURIComponent(FROM_DATA[pageType]!.exec(path)![1]!);
    const generation = this.contentGeneration();
    const known = { at: await this.appeared(pageType, slug) };
    if (generation === this.contentGeneration()) this.since.set(`${pageType} ${slug}`, known);
    return this.isOut(known);
  }

  /** What `serves` would answer when it can without the database (a page type not made from data, a slug asked about lately); otherwise undefined. */
  knownNow(path: string, pageType: string): boolean | undefined {
    const pattern = FROM_DATA[pageType];
    if (!pattern) return true;
    const encoded = pattern.exec(path)?.[1];
    if (encoded === undefined) return false;
    this.forgetIfChanged();
    const known = this.since.get(`${pageType} ${decodeURIComponent(encoded)}`);
    return known && this.isOut(known);
  }

  private isOut(known: { at: string | null }): boolean {
    return known.at !== null && known.at <= this.now().toISOString();
  }

  private forgetIfChanged(): void {
    const current = this.contentGeneration();
    if (current === this.generation) return;
    this.generation = current;
    this.since.clear();
  }

  private async appeared(pageType: string, slug: string): Promise<string | null> {
    if (pageType === 'case-study') {
      const row = await this.db.selectFrom('case_studies').where('slug', '=', slug).where('status', '=', 'published').select('published_at').executeTakeFirst();
      return row?.published_at ?? null;
    }
    if (pageType === 'post') {
      const row = await this.db.selectFrom('posts').where('slug', '=', slug).select('published_at').executeTakeFirst();
      return row?.published_at ?? null;
    }
    const row = await this.db.selectFrom('post_tags').where('slug', '=', slug).select(sql<string | null>`min(published_at)`.as('at')).executeTakeFirst();
    return row?.at ?? null;
  }
}
