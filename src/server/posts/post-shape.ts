import type { Post, PostRevision } from '../../shared/api-types';
import { description, summary } from '../../shared/text/summary';
import type { PostRevisionRow, PostRow } from '../db/schema';
import type { ImageStorage } from '../storage/image-storage';
import { statusOf } from './publication';

/** The fields a post and each of its revisions share, in the API's names. */
function versionOf(row: PostRow | PostRevisionRow, images: ImageStorage, now: Date) {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.image_key ? images.url(row.image_key) : null,
    status: statusOf(row.published_at, now),
    publishedAt: row.published_at,
  };
}

/**
 * A stored post in the API's shape: `_id`, `content`, `imageUrl`, ISO times, the status its
 * publication time gives it now, and the text derived from its content.
 */
export function toApiPost(row: PostRow, images: ImageStorage, now: Date = new Date(), { derived = true }: { derived?: boolean } = {}): Post {
  const post: Post = { ...versionOf(row, images, now), slug: row.slug, createdAt: row.created_at, updatedAt: row.updated_at };
  return derived ? { ...post, summary: summary(row.content), excerpt: description(row.content) } : post;
}

export function toApiRevision(row: PostRevisionRow, images: ImageStorage, now: Date = new Date()): PostRevision {
  return { ...versionOf(row, images, now), postId: row.post_id, savedAt: row.saved_at, replacedAt: row.replaced_at };
}
