import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { markdownPipeline, type MarkdownPipeline } from './pipeline';

const pipelines = new Map<string, MarkdownPipeline>();

/**
 * A post's markdown as the HTML the browser's `Markdown` component renders inside its element:
 * the same react-markdown, the same pipeline, the same React serialiser, so the stored HTML is
 * byte for byte what the browser would make (test: render-html.test.tsx). The server runs it
 * once per written version (derived-text.ts), never on a read.
 */
export function renderMarkdownHtml(markdown: string, siteUrl: string): string {
  let pipeline = pipelines.get(siteUrl);
  if (!pipeline) {
    pipeline = markdownPipeline(siteUrl);
    pipelines.set(siteUrl, pipeline);
  }
  return renderToStaticMarkup(createElement(ReactMarkdown, { ...pipeline, children: markdown }));
}
