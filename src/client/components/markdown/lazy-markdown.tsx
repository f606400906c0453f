import { lazy, Suspense, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { MarkdownProps } from './markdown';
import styles from './markdown.module.css';

/** Starts loading the renderer early (the editor calls it as it opens, before the preview needs it). */
export const loadMarkdown = () => import(/* webpackChunkName: "markdown" */ './markdown');

const Markdown = lazy(loadMarkdown);

const subscribeToNothing = () => () => {};

/** True while React hydrates the server's HTML (and on the server), false for any later render. */
function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

/** The HTML the server rendered for this element, read from the page before React touches it. */
function serverHtml(id: string): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`[data-markdown="${CSS.escape(id)}"]`)?.innerHTML ?? null;
}

/**
 * `<Markdown>` in its own chunk, which only the editor's preview and a post opened in the app
 * (a link from the blog list) load. A post the server rendered keeps the server's HTML when the
 * page hydrates: the same renderer made it, so the browser need not download the renderer (some
 * 60 kB compressed) nor run it over the post again before the page answers input.
 */
export function LazyMarkdown({ fallback = <p role="status">Loading...</p>, className, content }: MarkdownProps & { fallback?: ReactNode }) {
  const id = useId();
  const hydrating = useIsHydrating();
  const [kept] = useState(() => (hydrating ? { content, html: serverHtml(id) } : null));
  if (kept?.html != null && kept.content === content) {
    return <div key="kept" data-markdown={id} dangerouslySetInnerHTML={{ __html: kept.html }} />;
  }
  // Its own key: when the post changes under it, the kept HTML goes with its element.
  return (
    <div key="rendered" data-markdown={id}>
      <Suspense fallback={fallback}>
        <Markdown className={className ? `${styles.markdown} ${className}` : styles.markdown} content={content} />
      </Suspense>
    </div>
  );
}
