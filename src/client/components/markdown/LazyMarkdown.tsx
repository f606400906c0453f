import { lazy, Suspense, type ReactNode } from 'react';
import { useRenderChunk } from '../../app/render-chunks';
import type { MarkdownProps } from './Markdown';

/** The webpack chunk of the markdown renderer: only post pages and the editor's preview load it. */
export const MARKDOWN_CHUNK = 'markdown';

/** Starts loading the renderer early (the editor can call it when the preview is about to open). */
export const loadMarkdown = () => import(/* webpackChunkName: "markdown" */ './Markdown');

const Markdown = lazy(loadMarkdown);

/**
 * `<Markdown>` in its own chunk. On the server it renders in place and the chunk's files travel
 * with the HTML; in the browser the fallback shows while the chunk arrives.
 */
export function LazyMarkdown({ fallback = <p role="status">Loading...</p>, ...props }: MarkdownProps & { fallback?: ReactNode }) {
  useRenderChunk(MARKDOWN_CHUNK);
  return (
    <Suspense fallback={fallback}>
      <Markdown {...props} />
    </Suspense>
  );
}
