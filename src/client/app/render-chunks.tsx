import { createContext, useContext } from 'react';

/**
 * Lazily loaded code a page rendered on the server (the markdown renderer, say). The server
 * sends those chunks' files with the HTML, so the browser has them before it hydrates instead
 * of discovering them afterwards. Null in the browser.
 */
export const RenderChunksContext = createContext<Set<string> | null>(null);

/** Call from a component that renders code from a lazily loaded chunk. */
export function useRenderChunk(name: string): void {
  useContext(RenderChunksContext)?.add(name);
}
