import type { Post } from '../../shared/api-types';
import type { PostRow } from '../db/schema';
import type { ImageStorage } from '../storage/image-storage';

/** A stored post in the API's shape (spec section 7): `_id`, `content`, `imageUrl`, ISO times. */
export function toApiPost(row: PostRow, images: ImageStorage): Post {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    slug: row.slug,
    imageUrl: row.image_key ? images.url(row.image_key) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
