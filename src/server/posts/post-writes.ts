import type { FastifyBaseLogger } from 'fastify';
import type { PostRow } from '../db/schema';
import type { ImageStorage } from '../storage/image-storage';
import { processImage } from '../storage/process-image';
import type { PostForm } from './post-form';
import type { PostRepository } from './post-repository';

/**
 * Writes a post and its image together or not at all (decisions.md, Posts and Images). Files
 * go first and the row second, so a row never names a missing file; the files of a failed
 * write are removed at once, and the orphan sweep catches what a crash leaves between the steps.
 */
export class PostWrites {
  constructor(
    private readonly repository: PostRepository,
    private readonly images: ImageStorage,
    private readonly log: FastifyBaseLogger,
    /** Called after every committed change (rendered pages show posts). */
    private readonly onChange: () => void,
  ) {}

  async create(form: PostForm): Promise<PostRow> {
    const imageKey = await this.storeImage(form.image);
    const post = await this.undoImageOnFailure(imageKey, () => this.repository.create(fields(form), imageKey));
    this.onChange();
    return post;
  }

  /** The updated post, or undefined when there is no such post (then nothing is kept). */
  async update(id: string, form: PostForm): Promise<PostRow | undefined> {
    const imageKey = await this.storeImage(form.image);
    const result = await this.undoImageOnFailure(imageKey, () => this.repository.update(id, fields(form), imageKey ?? undefined));
    if (!result) {
      if (imageKey) await this.removeImage(imageKey);
      return undefined;
    }
    this.onChange();
    if (result.previousImageKey) await this.removeImage(result.previousImageKey);
    return result.post;
  }

  /** The deleted post, or undefined when there was none. */
  async delete(id: string): Promise<PostRow | undefined> {
    const post = await this.repository.delete(id);
    if (!post) return undefined;
    this.onChange();
    if (post.image_key) await this.removeImage(post.image_key);
    return post;
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
  return { title: form.title, content: form.body };
}
