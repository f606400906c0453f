import type { Root } from 'hast';
import { renderToStaticMarkup } from 'react-dom/server';
import { markdownTree } from './markdown-tree';
import type { ImageSizes } from './own-images';
import { markdownPipeline } from './pipeline';

export interface RenderedMarkdown {
  html: string;
  /** The sanitised tree the HTML was made from, for the words of the post. */
  tree: Root;
}

/**
 * A post's markdown as the HTML the browser's `Markdown` component renders inside its element:
 * the same react-markdown, the same pipeline, the same React serialiser, so the stored HTML is
 * byte for byte what the browser would make (test: stored-html.test.tsx). The server runs it
 * once per written version (derived-text.ts), never on a read, with the recorded sizes of the
 * images the content names.
 */
export function renderMarkdown(markdown: string, siteUrl: string, imageSizes?: ImageSizes): RenderedMarkdown {
  const { element, tree } = markdownTree(markdown, markdownPipeline(siteUrl, { imageSizes }));
  return { html: renderToStaticMarkup(element), tree };
}

export function renderMarkdownHtml(markdown: string, siteUrl: string, imageSizes?: ImageSizes): string {
  return renderMarkdown(markdown, siteUrl, imageSizes).html;
}
