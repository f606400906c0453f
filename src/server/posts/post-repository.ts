import { randomBytes, randomUUID } from 'node:crypto';
import { paths } from '../../shared/paths';
import { HttpError } from '../http/errors';
import { recordMove } from './slug-redirects';
import { firstFreeSlug, RESERVED_POST_SLUGS, slugCandidate, slugFromTitle } from '../../shared/text/slug';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { PostRow, Schema } from '../db/schema';
import { deriveWithSizes } from './image-sizes';
import { PostIndexes } from './post-indexes';
import { RevisionRepository } from './revision-repository';

/** What an import keeps of a post besides its text. */
export interface ImportedPost {
  slug: string;
  publishedAt: string | null;
  createdAt: string;
  imageKey: string | null;
}

export interface PostFields {
  title: string;
  content: string;
  /** Tag names; undefined keeps the post's tags as they are. */
  tags?: string[];
  /** The search and share fields; undefined keeps what the post has. */
  description?: string;
  imageAlt?: string;
  /** A slug the owner chose; undefined leaves the address to the rules of `provisionalSlug`. */
  slug?: string;
}

/**
 * The row's columns that a write sets from the fields: the text, what derives from it (its HTML
 * for `siteUrl`, with the recorded sizes of its images), the tags, the share fields.
 */
async function columnsOf(trx: Transaction<Schema>, { tags, description, imageAlt, slug: _slug, ...text }: PostFields, siteUrl: string) {
  return {
    ...text,
    ...(await deriveWithSizes(trx, text.content, siteUrl)),
    ...(tags ? { tags: JSON.stringify(tags) } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(imageAlt !== undefined ? { image_alt: imageAlt } : {}),
  };
}

/**
 * The publication time a write leaves the post with, given the one it had (undefined on create)
 * and the time of the write.
 */
export type Publication = (current: string | null | undefined, writtenAt: Date) => string | null;

export interface PostChange {
  post: PostRow;
  /** Images nothing names any more, to be removed once the change is committed. */
  unusedImageKeys: string[];
}

/** Tries with the next free number before falling back to a random suffix (a pathological race). */
const SLUG_ATTEMPTS = 8;

/**
 * Every write of posts: create, update (filing the replaced version as a revision in the same
 * transaction), restore and delete. Reads live in PostQueries, the history in RevisionRepository.
 */
export class PostRepository {
  private lastWriteAt = 0;
  private readonly revisions: RevisionRepository;
  private readonly indexes: PostIndexes;

  constructor(
    private readonly database: Database,
    private readonly now: () => Date,
    /** The site's address: a post's HTML opens links to other sites in a new tab. */
    private readonly siteUrl: string,
  ) {
    this.revisions = new RevisionRepository(database);
    this.indexes = new PostIndexes(database.engine);
  }

  private get db() {
    return this.database.db;
  }

  /**
   * Inserts a post under the first free slug for its title. Two creates racing for one slug
   * both pass the look-up; the unique index refuses the second, which tries the next number.
   */
  async create(fields: PostFields, imageKey: string | null, publication: Publication): Promise<PostRow> {
    const now = this.nextWriteAt();
    const publishedAt = publication(undefined, this.now());
    const base = fields.slug ?? slugFromTitle(fields.title);
    for (let attempt = 1; ; attempt++) {
      const slug = attempt < SLUG_ATTEMPTS ? firstFreeSlug(base, await this.slugsLike(base)) : slugCandidate(base, randomSuffix());
      try {
        return await this.db.transaction().execute(async (trx) => {
          const post = await trx
            .insertInto('posts')
            .values({ id: randomUUID(), ...(await columnsOf(trx, fields, this.siteUrl)), slug, image_key: imageKey, published_at: publishedAt, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
          await this.indexes.written(trx, post);
          return post;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * A post brought in by an import, with the slug it had (the first free one from it) and its own
   * times; `within` writes the import's rows (its source, its old addresses' redirects) in the
   * same transaction, so a failure leaves neither the post nor any of them.
   */
  async createImported(fields: PostFields, imported: ImportedPost, within: (trx: Transaction<Schema>, post: PostRow) => Promise<void>): Promise<PostRow> {
    const base = slugFromTitle(imported.slug || fields.title);
    const now = this.nextWriteAt();
    return this.db.transaction().execute(async (trx) => {
      const slug = firstFreeSlug(base, await this.slugsLike(base, trx));
      const post = await trx
        .insertInto('posts')
        .values({ id: randomUUID(), ...(await columnsOf(trx, fields, this.siteUrl)), slug, image_key: imported.imageKey, published_at: imported.publishedAt, created_at: imported.createdAt, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.indexes.written(trx, post);
      await within(trx, post);
      return post;
    });
  }

  /**
   * Changes title and content, the image unless `imageKey` is undefined (null removes it), and
   * the publication time; the slug stays, so shared links keep working. The version it replaces
   * is filed as a revision in the same transaction, so two saves racing from two tabs both end
   * up in the history. Undefined when the post does not exist (any more).
   */
  async update(id: string, fields: PostFields, imageKey: string | null | undefined, publication: Publication): Promise<PostChange | undefined> {
    try {
      return await this.write(id, async () => ({ fields, imageKey }), publication);
    } catch (error) {
      // Another post took the chosen slug between the check and the write.
      if (fields.slug !== undefined && isUniqueViolation(error)) throw new HttpError(409, `Address: another post is at /blog/${fields.slug} already; choose another.`);
      throw error;
    }
  }

  /**
   * Brings back a revision's title, text and image as a new update (itself filed in the
   * history); the publication state stays as it is. Undefined when the post or that revision of
   * it does not exist. The revision is read under the post's lock, so a save trimming the
   * history meanwhile cannot take it (and its image) away halfway.
   */
  async restore(id: string, revisionId: string): Promise<PostChange | undefined> {
    return this.write(
      id,
      async (trx) => {
        const revision = await this.revisions.find(id, revisionId, trx);
        return revision && { fields: { title: revision.title, content: revision.content, description: revision.description, imageAlt: revision.image_alt }, imageKey: revision.image_key };
      },
      (current) => current ?? null,
    );
  }

  private async write(
    id: string,
    change: (trx: Transaction<Schema>) => Promise<{ fields: PostFields; imageKey: string | null | undefined } | undefined>,
    publication: Publication,
  ): Promise<PostChange | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // Row lock on PostgreSQL, so concurrent saves of one post file their revisions in turn;
      // SQLite runs one write transaction at a time anyway.
      const current = await trx
        .selectFrom('posts')
        .selectAll()
        .where('id', '=', id)
        .$if(this.database.engine === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst();
      if (!current) return undefined;
      const wanted = await change(trx);
      if (!wanted) return undefined;
      const { fields, imageKey } = wanted;
      const now = this.nextWriteAt();
      const updatedAt = now < current.updated_at ? current.updated_at : now;
      const trimmed = await this.revisions.file(trx, current, updatedAt);
      const slug = fields.slug === undefined ? await this.provisionalSlug(trx, current, fields.title) : await this.chosenSlug(trx, current, fields.slug);
      const post = await trx
        .updateTable('posts')
        .set({ ...(await columnsOf(trx, fields, this.siteUrl)), ...(slug ? { slug } : {}), updated_at: updatedAt, published_at: publication(current.published_at, this.now()), ...(imageKey !== undefined ? { image_key: imageKey } : {}) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.indexes.written(trx, post);
      // An address visitors may have had keeps working: the old one redirects to the new.
      if (slug && (current.published_at !== null || (await this.revisions.everPublished(trx, current.id)))) {
        await recordMove(trx, paths.blogPost(current.slug), paths.blogPost(slug), 'slug', this.now());
      }
      // The trimmed history's images, except the one the post itself holds now (a restore of the
      // oldest version brings its image back as the history lets go of it).
      return { post, unusedImageKeys: trimmed.filter((key) => key !== post.image_key) };
    });
  }

  /** Deletes a post with its history, and answers it with every image it and its revisions named. */
  async delete(id: string): Promise<PostChange | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const revisionKeys = await this.revisions.imageKeysOf(trx, id);
      await this.indexes.deleting(trx, id);
      const post = await trx.deleteFrom('posts').where('id', '=', id).returningAll().executeTakeFirst();
      if (!post) return undefined;
      await trx.deleteFrom('post_revisions').where('post_id', '=', id).execute();
      const keys = new Set(revisionKeys);
      if (post.image_key) keys.add(post.image_key);
      return { post, unusedImageKeys: [...keys] };
    });
  }

  /**
   * Until a post has been published its address is nobody's yet, so it follows the title: a
   * draft begun as "Layoffs at Acme" and published as "Team news" must not go out at
   * /blog/layoffs-at-acme. Once published (even if taken back since), the slug stays for good.
   * Undefined when the slug stays as it is.
   */
  private async provisionalSlug(trx: Transaction<Schema>, current: PostRow, title: string): Promise<string | undefined> {
    if (current.published_at !== null || title === current.title) return undefined;
    if (await this.revisions.everPublished(trx, current.id)) return undefined;
    const base = slugFromTitle(title);
    const taken = (await this.slugsLike(base, trx)).filter((slug) => slug !== current.slug);
    const slug = firstFreeSlug(base, taken);
    return slug === current.slug ? undefined : slug;
  }

  /** The slug the owner typed, checked; undefined when it is the post's already. */
  private async chosenSlug(trx: Transaction<Schema>, current: PostRow, slug: string): Promise<string | undefined> {
    if (slug === current.slug) return undefined;
    if (RESERVED_POST_SLUGS.includes(slug)) throw new HttpError(400, `Address: /blog/${slug} is a page of the blog itself; choose another.`);
    const taken = await trx.selectFrom('posts').select('id').where('slug', '=', slug).where('id', '!=', current.id).executeTakeFirst();
    if (taken) throw new HttpError(409, `Address: another post is at /blog/${slug} already; choose another.`);
    return slug;
  }

  private async slugsLike(base: string, db: Transaction<Schema> | Database['db'] = this.db): Promise<string[]> {
    // Slugs hold only [a-z0-9-], so the base needs no escaping inside LIKE.
    const rows = await db
      .selectFrom('posts')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    return [...rows.map((row) => row.slug), ...RESERVED_POST_SLUGS];
  }

  /**
   * Write times strictly increase within this process, so posts created in the same millisecond
   * still list in the order they were made (visitors' lists break ties of publication time by it).
   */
  private nextWriteAt(): string {
    this.lastWriteAt = Math.max(this.now().getTime(), this.lastWriteAt + 1);
    return new Date(this.lastWriteAt).toISOString();
  }
}

function randomSuffix(): number {
  return 1000 + (randomBytes(4).readUInt32BE(0) % 9_000_000);
}

/** SQLite and PostgreSQL report a unique index violation differently (drivers throw plain objects with a code, so never instanceof). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
