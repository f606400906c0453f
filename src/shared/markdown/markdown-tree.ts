import type { Root } from 'hast';
import type { ReactElement } from 'react';
import ReactMarkdown from 'react-markdown';
import type { MarkdownPipeline } from './pipeline';

export interface MarkdownTree {
  /** What the browser's `Markdown` renders inside its element. */
  element: ReactElement;
  /** The final tree that element was made from: parsed, sanitised, every plugin applied. */
  tree: Root;
}

/**
 * Runs react-markdown exactly as the browser's `Markdown` does (it is a plain function of its
 * options, without hooks), with one plugin more at the end that only hands out the final tree,
 * so that whatever is read from that tree (the words of a post) is what the HTML shows.
 */
export function markdownTree(markdown: string, pipeline: MarkdownPipeline): MarkdownTree {
  let tree: Root | undefined;
  const handOut = () => (final: Root) => {
    tree = final;
  };
  const element = ReactMarkdown({ ...pipeline, rehypePlugins: [...(pipeline.rehypePlugins ?? []), handOut], children: markdown });
  if (!tree) throw new Error('react-markdown ran no rehype plugin');
  return { element, tree };
}
