import type { FastifyBaseLogger } from 'fastify';
import type { PostRow } from '../db/schema';
import type { ImageStorage } from '../storage/image-storage';
import { processImage } from '../storage/process-image';
import type { PostForm } from './post-form';
import type { PostChange, PostRepository, Publication } from './post-repository';
import { resolvePublication } from './publication';

/**
 * Writes a post and its image together or not at all. Files go first and the row second, so a
 * row never names a missing file; the files of a failed write are removed at once, and the
 * orphan sweep catches what a crash leaves between the steps. A replaced image stays while a
 * revision names it, so that restoring the revision brings it back.
 */
export class PostWrites {
  constructor(
    private readonly repository: PostRepository,
    private readonly images: ImageStorage,
    private readonly log: FastifyBaseLogger,
    /** Awaited after every committed change (rendered pages and feeds show posts). */
    private readonly onChange: () => Promise<void> | void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Checks the request before any work, so a bad status costs no image processing. */
  private publication(form: PostForm): Publication {
    resolvePublication(form, null, this.now());
    return (current, writtenAt) => resolvePublication(form, current, writtenAt);
  }

  async create(form: PostForm): Promise<PostRow> {
    const publication = this.publication(form);
    const imageKey = await this.storeImage(form.image);
    const post = await this.undoImageOnFailure(imageKey, () => this.repository.create(fields(form), imageKey, publication));
    await this.onChange();
    return post;
  }

  /** The updated post, or undefined when there is no such post (then nothing is kept). */
  async update(id: string, form: PostForm): Promise<PostRow | undefined> {
    const publication = this.publication(form);
    const imageKey = await this.storeImage(form.image);
    const change = await this.undoImageOnFailure(imageKey, () => this.repository.update(id, fields(form), imageKey ?? undefined, publication));
    if (!change) {
      if (imageKey) await this.removeImage(imageKey);
      return undefined;
    }
    return this.committed(change);
  }

  /** The post with the revision's text and image, or undefined when either does not exist. */
  async restore(id: string, revisionId: string): Promise<PostRow | undefined> {
    const change = await this.repository.restore(id, revisionId);
    return change && this.committed(change);
  }

  /** The deleted post, or undefined when there was none. */
  async delete(id: string): Promise<PostRow | undefined> {
    const change = await this.repository.delete(id);
    return change && this.committed(change);
  }

  private async committed(change: PostChange): Promise<PostRow> {
    await this.onChange();
    for (const key of change.unusedImageKeys) await this.removeImage(key);
    return change.post;
  }

  private async storeImage(image: Buffer | null): Promise<string | null> {
    if (!image) return null;
    return this.images.save(await processImage(image));
  }

  private async undoImageOnFailure<T>(imageKey: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (imageKey) await this.removeImage(imageKey);
      throw error;
    }
  }

  /**
   * Removal after a committed change must not turn a success into an error: a file that will
   * not go away now is an orphan, and the sweep takes it later.
   */
  private async removeImage(key: string): Promise<void> {
    try {
      await this.images.remove(key);
    } catch (error) {
      this.log.warn({ err: error, imageKey: key }, 'image removal failed; the orphan sweep will retry');
    }
  }
}

function fields(form: PostForm) {
  return {
    title: form.title,
    content: form.body,
    ...(form.tags ? { tags: form.tags } : {}),
    ...(form.description !== undefined ? { description: form.description } : {}),
    ...(form.imageAlt !== undefined ? { imageAlt: form.imageAlt } : {}),
    ...(form.slug !== undefined ? { slug: form.slug } : {}),
  };
}
