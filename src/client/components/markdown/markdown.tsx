import { useMemo } from 'react';
import ReactMarkdown from 'react-markdown';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { markdownPipeline } from '../../../shared/markdown/pipeline';

export interface MarkdownProps {
  /** Markdown, possibly with raw HTML: a post's content. */
  content: string;
  className?: string;
}

/**
 * The one markdown renderer of the site in the browser (the editor's preview, and a post from a
 * server that sends no HTML): the shared pipeline (shared/markdown/pipeline.ts), which the
 * server also renders each post's stored HTML with when it is written. The default export, which
 * React.lazy loads.
 */
export default function Markdown({ content, className }: MarkdownProps) {
  const { siteUrl } = useRuntimeConfig();
  const pipeline = useMemo(() => markdownPipeline(siteUrl), [siteUrl]);
  return (
    <div className={className}>
      <ReactMarkdown {...pipeline}>{content}</ReactMarkdown>
    </div>
  );
}
