import { Type } from 'typebox';
import { CARD_VIEW, POST_STATUSES } from '../api-types';
import { MAX_SEARCH_LENGTH } from '../constants';
import { isoTime, nullable, stringEnum } from './common';

/** Largest page a client may ask for; lists beyond it must page. */
export const MAX_PAGE_LIMIT = 100;
/** Keeps offsets small enough for every engine. */
export const MAX_PAGE = 999_999;

const postStatusSchema = stringEnum(POST_STATUSES, { description: 'Draft (no publication time), scheduled (a future one) or published (a past one).' });

/** What a post and each of its revisions have alike. */
const version = {
  _id: Type.String(),
  title: Type.String(),
  content: Type.String({ description: 'Markdown, possibly with raw HTML. The API takes it as `body` and answers it as `content`.' }),
  imageUrl: Type.Optional(nullable(Type.String(), { description: 'URL of the largest stored image; the 400 and 800 px versions sit beside it.' })),
  description: Type.Optional(
    Type.String({ description: "What the post is about, for search results and shared links; '' when the owner gave none. At most 300 characters." }),
  ),
  imageAlt: Type.Optional(Type.String({ description: "The alternative text of the post's image wherever it is shown or shared; '' when none. At most 250 characters." })),
  status: postStatusSchema,
  publishedAt: nullable(Type.String(), { description: 'When visitors see (or saw) it first, ISO 8601 UTC; null for a draft.' }),
};

/**
 * The fields another server honouring the API may leave out are optional here; this server
 * always sends `imageUrl`, `description` and `imageAlt`, and the derived text.
 */
export const postSchema = Type.Object({
  ...version,
  slug: Type.String(),
  createdAt: isoTime(),
  updatedAt: isoTime(),
  tags: Type.Array(Type.String(), { description: 'The post\'s tags (0 to 10 names), in the order the writer gave them.' }),
  tagSlugs: Type.Optional(Type.Array(Type.String(), { description: 'The slug of each tag, in the same order: the address of its page is `/blog/tag/{slug}`.' })),
  summary: Type.Optional(Type.String({ description: "Derived from the content: the card's 40 words and '...'." })),
  excerpt: Type.Optional(Type.String({ description: 'Derived from the content: the meta description.' })),
  readingMinutes: Type.Optional(Type.Integer({ description: 'Minutes a reader needs: the words of the text ÷ 230, rounded up (at least 1).' })),
});

/** A post with its stored HTML: the read by slug, for the post page. */
export const postPageSchema = Type.Object({
  ...postSchema.properties,
  html: Type.Optional(
    Type.String({ description: "The content as sanitised HTML, rendered by this site's server; sent only with one post read by its slug." }),
  ),
});

/** A post or, with `?view=card`, a post without its markdown: what lists answer. */
export const postCardSchema = Type.Object(
  { ...postSchema.properties, content: Type.Optional(postSchema.properties.content) },
  { description: 'A post; without `content` when asked for with `?view=card`.' },
);

export const postRevisionSchema = Type.Object(
  {
    ...version,
    postId: Type.String(),
    savedAt: isoTime('When this version was saved.'),
    replacedAt: isoTime('When a newer version replaced it.'),
  },
  { description: 'A post as it was before one of its updates.' },
);

export const postCountsSchema = Type.Object(
  { total: Type.Integer(), draft: Type.Integer(), scheduled: Type.Integer(), published: Type.Integer() },
  { description: 'How many posts the administrator has in each status.' },
);

export const tagSummarySchema = Type.Object(
  { name: Type.String(), slug: Type.String(), count: Type.Integer() },
  { description: 'A tag with the number of published posts carrying it.' },
);

export const searchResultSchema = Type.Object({
  post: postCardSchema,
  snippet: Type.String({ description: 'Plain text around the matches, HTML-escaped, with each match inside `<mark>…</mark>`: the one markup it ever holds.' }),
});

export const searchPageSchema = Type.Object({
  results: Type.Array(searchResultSchema),
  total: Type.Integer({ description: "Matches in all, over every page (this site's SQLite search stops counting at 1,000)." }),
});

/** `POST /api/images`: where the stored image is, and its size. */
export const uploadedImageSchema = Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer(), alt: Type.String() });

/** `?view=card`: posts without their markdown. */
const viewField = stringEnum([CARD_VIEW], { description: 'Leave out the markdown (`content`), which a card never reads.' });
/** A page number as digit strings: ajv's integer coercion lets "1e400" through as Infinity. */
const pageField = Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: `A page number, 1 to ${MAX_PAGE}.` });
/** A search: text without control characters, at most MAX_SEARCH_LENGTH. */
const queryField = Type.String({ maxLength: MAX_SEARCH_LENGTH, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });

/**
 * Page and limit as digit strings: ajv's integer coercion lets "1e400" through as Infinity, so
 * the shape is checked as text and the handler converts it.
 */
export const postListQuerySchema = Type.Object({
  page: Type.Optional(pageField),
  limit: Type.Optional(Type.String({ pattern: `^([1-9][0-9]?|${MAX_PAGE_LIMIT})$`, description: `Posts a page, 1 to ${MAX_PAGE_LIMIT}.` })),
  status: Type.Optional(postStatusSchema),
  q: Type.Optional(queryField),
  tag: Type.Optional(Type.String({ maxLength: 200, pattern: '^[a-z0-9-]*$', description: 'A tag slug.' })),
  view: Type.Optional(viewField),
});

export const viewQuerySchema = Type.Object({ view: Type.Optional(viewField) });

export const searchQuerySchema = Type.Object({ q: Type.Optional(queryField), page: Type.Optional(pageField), view: Type.Optional(viewField) });

/**
 * The create and update form (multipart/form-data), which the server reads part by part with
 * messages of its own: described for the document, not validated by a schema.
 */
export const postFormSchema = Type.Object({
  title: Type.String({ maxLength: 200 }),
  body: Type.String({ description: 'Markdown, at most 200,000 characters.' }),
  image: Type.Optional(Type.String({ format: 'binary', description: 'JPEG, PNG, WebP, AVIF or GIF.' })),
  status: Type.Optional(Type.String({ description: 'draft, scheduled or published.' })),
  publishAt: Type.Optional(Type.String({ description: 'ISO 8601, for a scheduled post.' })),
  tags: Type.Optional(Type.String({ description: 'Comma-separated tag names, at most 10.' })),
  description: Type.Optional(Type.String({ maxLength: 300 })),
  imageAlt: Type.Optional(Type.String({ maxLength: 250 })),
  slug: Type.Optional(
    Type.String({
      maxLength: 80,
      description: 'The address under /blog/ (lower-case letters, digits, single hyphens). On an update of a post visitors have seen, the old address then redirects (301) to the new one.',
    }),
  ),
});

export const imageFormSchema = Type.Object({ image: Type.String({ format: 'binary' }) });
