import type { FastifyBaseLogger } from 'fastify';
import type { ImageStorage } from './image-storage';

/**
 * Of the given image keys, those this part of the site names; every key it names when none are
 * given (for the orphan sweep).
 */
export type ImageNamer = (keys?: readonly string[]) => Promise<Iterable<string>>;

/**
 * Everything that may name a stored image: posts, their history and their text today, and any
 * other content that shows images, each registering how to ask it. An image's files stay while
 * any of them names it, whoever uploaded it: the owner may show one post's image in another's
 * text.
 */
export class ImageReferences {
  private readonly namers: ImageNamer[] = [];

  register(namer: ImageNamer): void {
    this.namers.push(namer);
  }

  /** The keys (of `keys`, or of all) something names. */
  async named(keys?: readonly string[]): Promise<Set<string>> {
    if (keys?.length === 0) return new Set();
    const named = new Set<string>();
    for (const namer of this.namers) for (const key of await namer(keys)) named.add(key);
    return named;
  }
}

/**
 * The storage, whose `remove` leaves an image that something still names: removal is asked for
 * what one post stopped naming, and only the references of the whole site can tell whether the
 * files may go.
 */
export function keepingNamedImages(images: ImageStorage, references: ImageReferences, log: FastifyBaseLogger): ImageStorage {
  return {
    save: (files) => images.save(files),
    remove: async (key) => {
      if ((await references.named([key])).has(key)) {
        log.info({ imageKey: key }, 'image kept: other content still shows it');
        return;
      }
      await images.remove(key);
    },
    url: (key) => images.url(key),
    list: () => images.list(),
    largest: (key) => images.largest(key),
  };
}
