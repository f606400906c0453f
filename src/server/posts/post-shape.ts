import { CARD_VIEW, type Post, type PostCard, type PostRevision } from '../../shared/api-types';
import type { PostRevisionRow, PostRow } from '../db/schema';
import type { ImageStorage } from '../storage/image-storage';
import { readingMinutes } from './derived-text';
import { tagNamesOf } from './post-indexes';
import { statusOf } from './publication';
import { tagSlug } from '../../shared/text/tags';

/**
 * A post's row as the reads select it: everything but the searchable text, which only the index
 * reads, and the HTML, which only the read of one post by its slug sends.
 */
export type PostListRow = Omit<PostRow, 'plain_text' | 'html' | 'html_origin'>;

/** The row of one post as its page shows it: with its HTML. */
export type PostPageRow = PostListRow & Pick<PostRow, 'html'>;

/** The columns of `PostListRow`. */
export const POST_COLUMNS = [
  'id', 'title', 'content', 'slug', 'image_key', 'published_at', 'created_at', 'updated_at',
  'tags', 'word_count', 'summary', 'excerpt', 'derived_version', 'description', 'image_alt',
] as const satisfies readonly (keyof PostListRow)[];

/** The fields a post and each of its revisions share, in the API's names. */
function versionOf(row: PostListRow | PostRevisionRow, images: ImageStorage, now: Date) {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.image_key ? images.url(row.image_key) : null,
    description: row.description,
    imageAlt: row.image_alt,
    status: statusOf(row.published_at, now),
    publishedAt: row.published_at,
  };
}

/**
 * A stored post in the API's shape: `_id`, `content`, `imageUrl`, ISO times, the status its
 * publication time gives it now, its tags, and the text derived from its content when it was
 * written (nothing parses markdown on a read).
 */
export function toApiPost(row: PostListRow, images: ImageStorage, now: Date = new Date()): Post {
  const tags = tagNamesOf(row);
  return {
    ...versionOf(row, images, now),
    slug: row.slug,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    tags,
    tagSlugs: tags.map(tagSlug),
    summary: row.summary,
    excerpt: row.excerpt,
    readingMinutes: readingMinutes(row.word_count),
  };
}

/** A post as a card shows it (`?view=card`): everything but its markdown. */
function toApiCard(row: PostListRow, images: ImageStorage, now: Date = new Date()): PostCard {
  const { content: _markdown, ...card } = toApiPost(row, images, now);
  return card;
}

/** How a list shows each post: whole, or as a card when the client asks for `?view=card`. */
export function shaperFor(view: string | undefined, images: ImageStorage, now: Date): (row: PostListRow) => Post | PostCard {
  return view === CARD_VIEW ? (row) => toApiCard(row, images, now) : (row) => toApiPost(row, images, now);
}

/** One post with its stored HTML, as its page needs it. */
export function toApiPostWithHtml(row: PostPageRow, images: ImageStorage, now: Date = new Date()): Post {
  return { ...toApiPost(row, images, now), html: row.html };
}

export function toApiRevision(row: PostRevisionRow, images: ImageStorage, now: Date = new Date()): PostRevision {
  return { ...versionOf(row, images, now), postId: row.post_id, savedAt: row.saved_at, replacedAt: row.replaced_at };
}
