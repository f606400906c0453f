import type { FastifyBaseLogger } from 'fastify';
import { paths } from '../../shared/paths';
import { normalizeTagName, tagSlug } from '../../shared/text/tags';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { MAX_BODY_LENGTH, MAX_TITLE_LENGTH } from '../posts/post-form';
import type { PostRepository } from '../posts/post-repository';
import { recordMove } from '../posts/slug-redirects';
import { redirectSource } from '../redirects/redirect-address';
import { uploadsAddress, type ImageStorage } from '../storage/image-storage';
import { processImage } from '../storage/process-image';
import { imageAddresses, type ExportedPost } from './export-model';
import { htmlToMarkdown } from './html-to-markdown';
import type { ImageSource } from './image-source';

const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 40;

/** Old addresses that are pages of this site: a redirect from them would hide the page. */
const SITE_PAGES = new Set<string>(Object.values(paths).filter((value) => typeof value === 'string'));

export type PostOutcome = { kind: 'imported'; slug: string } | { kind: 'existing' } | { kind: 'failed'; message: string };

export interface ImporterDeps {
  database: Database;
  repository: PostRepository;
  images: ImageStorage;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Imports one post at a time: its images first (through the image pipeline, each address once
 * per run), then the post, its source and its old addresses' redirects in one transaction. A
 * post whose image cannot be had is not imported at all and says why; running the same export
 * again finds each post by its source and adds nothing, also when two runs import it at once.
 */
export class Importer {
  private readonly stored = new Map<string, string>();

  constructor(
    private readonly deps: ImporterDeps,
    private readonly source: ImageSource,
  ) {}

  async importPost(post: ExportedPost): Promise<PostOutcome> {
    const { db } = this.deps.database;
    if (await this.known(post.sourceKey)) return { kind: 'existing' };
    // The post it brought in was deleted since: importing it again brings it back.
    await db
      .deleteFrom('imported_posts')
      .where('source_key', '=', post.sourceKey)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('posts').select('posts.id').whereRef('posts.id', '=', 'imported_posts.post_id'))))
      .execute();
    try {
      const keys = new Map<string, string>();
      for (const address of imageAddresses(post)) keys.set(address, await this.image(address));
      const content = htmlToMarkdown(post.html, (address) => {
        const key = keys.get(address.replace(/&amp;/g, '&'));
        return key && uploadsAddress(key);
      });
      if (content.length > MAX_BODY_LENGTH) return { kind: 'failed', message: `Longer than ${MAX_BODY_LENGTH.toLocaleString('en')} characters once converted.` };
      const imageKey = post.featureImage ? (keys.get(post.featureImage.url) ?? null) : null;
      const now = this.deps.now();
      const row = await this.deps.repository.createImported(
        { title: post.title.replace(/\s+/g, ' ').trim().slice(0, MAX_TITLE_LENGTH), content: content || ' ', tags: tagsOf(post.tags), ...(post.featureImage ? { imageAlt: post.featureImage.alt.slice(0, 250) } : {}) },
        { slug: post.slug, publishedAt: post.publishedAt, createdAt: post.createdAt, imageKey },
        async (trx, created) => {
          // The source's row is the post's claim, in the post's transaction: a run importing the
          // same post at once (another instance, or a second import of the export) waits on it
          // here and, finding it taken, undoes its own post.
          const claimed = await trx
            .insertInto('imported_posts')
            .values({ source_key: post.sourceKey, post_id: created.id, imported_at: now.toISOString() })
            .onConflict((conflict) => conflict.column('source_key').doNothing())
            .executeTakeFirst();
          if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) throw new ImportedAlready();
          const to = paths.blogPost(created.slug);
          for (const from of redirectable(post.oldPaths)) if (from !== to) await recordMove(trx, from, to, 'import', now);
        },
      );
      return { kind: 'imported', slug: row.slug };
    } catch (error) {
      if (error instanceof ImportedAlready) return { kind: 'existing' };
      if (error instanceof Error && (error.name === 'ExportError' || error instanceof HttpError)) return { kind: 'failed', message: error.message };
      // Two runs at once: on PostgreSQL the other's post may take the slug first, refusing this insert.
      if (await this.known(post.sourceKey)) return { kind: 'existing' };
      throw error;
    }
  }

  /** Whether the source's post was imported and is still here. */
  private async known(sourceKey: string): Promise<boolean> {
    const row = await this.deps.database.db
      .selectFrom('imported_posts')
      .innerJoin('posts', 'posts.id', 'imported_posts.post_id')
      .select('posts.id')
      .where('imported_posts.source_key', '=', sourceKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async image(address: string): Promise<string> {
    const known = this.stored.get(address);
    if (known) return known;
    const data = await this.source.get(address);
    let files;
    try {
      files = await processImage(data);
    } catch (error) {
      throw new HttpError(415, `The image ${address.slice(0, 120)} is not one this site takes: ${error instanceof Error ? error.message : 'unreadable'}`);
    }
    const key = await this.deps.images.save(files);
    this.stored.set(address, key);
    return key;
  }
}

/** Another run imported the post first; its transaction is undone. */
class ImportedAlready extends Error {}

/** The tags as this site takes them: at most ten, each at most 40 characters with a letter or digit. */
function tagsOf(names: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const name of names) {
    const tag = normalizeTagName(name).slice(0, MAX_TAG_LENGTH).trim();
    const slug = tagSlug(tag);
    if (slug && !kept.has(slug)) kept.set(slug, tag);
  }
  return [...kept.values()].slice(0, MAX_TAGS);
}

/** The old addresses a redirect may go from: not this site's own pages and addresses. */
function redirectable(oldPaths: readonly string[]): string[] {
  return oldPaths.flatMap((path) => {
    try {
      const from = redirectSource(path);
      return SITE_PAGES.has(from) || from.startsWith('/blog/') || from === '/blog' || from.startsWith('/uploads/') ? [] : [from];
    } catch {
      return [];
    }
  });
}
