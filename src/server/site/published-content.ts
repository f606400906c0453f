import type { ContentCache } from '../cache/content-cache';
import type { SiteContent } from '../../shared/contract/site/parts';
import type { SiteRepository } from './site-repository';

export interface Published {
  content: SiteContent;
  publishedAt: string | null;
}

/**
 * The live content, read from the database once per generation of the content cache (which a
 * publication here, or one announced by another instance, moves on) rather than on every page;
 * also at most `maxAgeMs` old, so that instances agree even while announcements are missed.
 */
export class PublishedContent {
  private held: { generation: number; at: number; value: Promise<Published> } | undefined;

  constructor(
    private readonly repository: SiteRepository,
    private readonly cache: ContentCache,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  read(): Promise<Published> {
    const generation = this.cache.generation;
    const at = this.now();
    if (!this.held || this.held.generation !== generation || at - this.held.at > this.maxAgeMs) {
      const value = this.repository.published();
      this.held = { generation, at, value };
      // A failed read is not kept: the next asks again.
      value.catch(() => {
        if (this.held?.value === value) this.held = undefined;
      });
    }
    return this.held.value;
  }
}

/**
 * The live Settings' name and e-mail, read when asked: mail made by the server (bookings, the
 * leads' reminder) names the site and reaches the owner as the owner set them.
 */
export function siteIdentity(app: { site: { published: PublishedContent } }): () => Promise<{ name: string; email: string }> {
  return async () => {
    const { name, email } = (await app.site.published.read()).content.settings;
    return { name, email };
  };
}
