/** The numbers the owner fixed; do not retune them (docs/product.md#constants). */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CONTACT_SUCCESS_MS = 5000;
export const NAVBAR_SCROLLED_PX = 10;
export const NAVBAR_HIDE_PX = 50;
export const BLOG_PAGE_SIZE = 5;
export const SUMMARY_WORDS = 40;
export const REGISTER_REDIRECT_MS = 1500;
export const RESET_REDIRECT_MS = 2000;
export const BODY_TEXTAREA_ROWS = 10;
export const TOKEN_STORAGE_KEY = 'token';

/** A post's tags: how many, and how long each name may be. */
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 40;
/** Results on one page of the blog's search. */
export const SEARCH_PAGE_SIZE = 10;
/** Longest search the API and the search page take. */
export const MAX_SEARCH_LENGTH = 200;
/** Words a reader reads in a minute, for a post's reading time. */
export const READING_WORDS_PER_MINUTE = 230;
/** Related posts at the end of a post page, at most. */
export const RELATED_POSTS = 3;
/** A post's search and share fields: characters at most. */
export const MAX_DESCRIPTION_LENGTH = 300;
export const MAX_IMAGE_ALT_LENGTH = 250;
