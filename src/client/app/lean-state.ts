import type { Post } from '../../shared/api-types';
import { STORED_HTML_ATTRIBUTE } from '../components/markdown/stored-html-attribute';

type ApiState = { queries: Record<string, unknown> };

/**
 * Whether a value is a post from this site's server that the page shows from its stored HTML
 * (the post page). Lists, related posts and search results come as cards, without markdown.
 */
function servedWithoutMarkdown(value: object): value is Post {
  const post = value as Partial<Post>;
  return typeof post._id === 'string' && typeof post.content === 'string' && typeof post.html === 'string';
}

/**
 * Every post in `value` (a query's data, however nested) passed through `change`. What holds no
 * such post is handed back as it is, not copied: a list's cards are left alone.
 */
function mapPosts(value: unknown, change: (post: Post) => Post): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (!Array.isArray(value) && servedWithoutMarkdown(value)) return change(value);
  let copy: Record<string, unknown> | unknown[] | undefined;
  for (const [key, inner] of Object.entries(value)) {
    const mapped = mapPosts(inner, change);
    if (mapped === inner) continue;
    copy ??= Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) };
    (copy as Record<string, unknown>)[key] = mapped;
  }
  return copy ?? value;
}

/**
 * The RTK Query cache as the page embeds it for the browser, without what it would carry twice
 * or never read: a post's markdown, which the post page never renders (it shows the stored HTML;
 * the editor fetches a post of its own by id), and its HTML, which the page holds already in the
 * element that shows it. A post page carried its content twice before (markdown in the state,
 * HTML in the page) or three times.
 */
export function leanApiState<State extends ApiState>(api: State): State {
  const lean = (post: Post): Post => ({ ...post, content: '', html: '' });
  return { ...api, queries: mapPosts(api.queries, lean) as State['queries'] };
}

/** The browser's side of `leanApiState`: each post's HTML taken back from the element of the server's page that shows it. */
export function restoreApiState<State extends ApiState>(api: State, page: ParentNode): State {
  const restore = (post: Post): Post => {
    if (post.html !== '') return post;
    const element = page.querySelector(`[${STORED_HTML_ATTRIBUTE}="${CSS.escape(post._id)}"]`);
    return element ? { ...post, html: element.innerHTML } : post;
  };
  return { ...api, queries: mapPosts(api.queries, restore) as State['queries'] };
}
