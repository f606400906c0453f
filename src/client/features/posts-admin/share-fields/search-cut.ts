import { description as descriptionOfMarkdown } from '../../../../shared/text/summary';

/**
 * Search engines show about this many characters of a description before '…' (Google's
 * snippets are cut by width, near 155 to 160 characters on a desktop result).
 */
const SEARCH_SNIPPET_CHARACTERS = 160;

/** A text cut as a search result cuts it: whole words, then '…'. */
export function cutForSearch(text: string, limit = SEARCH_SNIPPET_CHARACTERS): string {
  if ([...text].length <= limit) return text;
  const head = [...text].slice(0, limit - 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? head.slice(0, lastSpace) : head).replace(/[\s,.;:]+$/, '')}…`;
}

/** What the page's meta description will be: the owner's description, else the text's first words (as the server derives them). */
export function metaDescription(description: string, body: string): string {
  return description.trim() || descriptionOfMarkdown(body);
}
