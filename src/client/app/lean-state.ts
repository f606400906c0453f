import type { Post } from '../../shared/api-types';

/**
 * Whether a value is a post from this site's server that the page shows without its markdown:
 * with its stored HTML (the post page), or with the summary and description derived from it
 * (cards, related posts, search results).
 */
function servedWithoutMarkdown(value: object): value is Post {
  const post = value as Partial<Post>;
  if (typeof post._id !== 'string' || typeof post.content !== 'string') return false;
  return typeof post.html === 'string' || (typeof post.summary === 'string' && typeof post.excerpt === 'string');
}

function lean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lean);
  if (typeof value !== 'object' || value === null) return value;
  if (servedWithoutMarkdown(value)) return { ...value, content: '' };
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, lean(inner)]));
}

/**
 * The RTK Query cache as the page embeds it for the browser, without what the page never reads:
 * the markdown of posts the server also sent in the forms derived from it. A post page carried
 * its whole content twice (markdown in the state, HTML in the page) and a list each card's whole
 * markdown; the browser's views read the HTML and the summaries, and the editor fetches a post
 * of its own by id, so nothing in the browser misses the markdown.
 */
export function leanApiState<State extends { queries: Record<string, unknown> }>(api: State): State {
  return { ...api, queries: lean(api.queries) as State['queries'] };
}
