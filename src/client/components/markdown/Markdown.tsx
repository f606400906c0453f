import { useMemo } from 'react';
import type { Element } from 'hast';
import ReactMarkdown, { type Options } from 'react-markdown';
import rehypeExternalLinks from 'rehype-external-links';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { rehypeLinks } from './rehype-links';
import { sanitizeSchema } from './sanitize-schema';

export interface MarkdownProps {
  /** Markdown, possibly with raw HTML: a post's content. */
  content: string;
  className?: string;
}

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm];

// The sanitiser prefixes ids itself; remark-rehype's own prefix would make footnote ids
// "user-content-user-content-fn-1" while their links point to "#user-content-fn-1".
const remarkRehypeOptions: Options['remarkRehypeOptions'] = { clobberPrefix: '' };

/** rehype-raw once more, under its own name: unified runs a plugin given twice only once. */
const rehypeReparse: typeof rehypeRaw = (options) => rehypeRaw(options);

/**
 * The one markdown renderer of the site (post pages and the editor's preview): GitHub-flavoured
 * markdown (tables, strikethrough, task lists, footnotes, autolinks) with raw HTML, parsed by
 * rehype-raw and then sanitised by rehype-sanitize, never the other way round.
 */
export function Markdown({ content, className }: MarkdownProps) {
  const { siteUrl } = useRuntimeConfig();
  const rehypePlugins = useMemo<Options['rehypePlugins']>(
    () => [
      rehypeRaw,
      [rehypeSanitize, sanitizeSchema],
      // The second pass through the HTML parser restores valid nesting where the sanitiser
      // unwrapped an element (`<p>` inside a removed `<object>` inside a `<p>`), so that the
      // browser reads the server's HTML as the same tree React renders.
      rehypeReparse,
      rehypeLinks,
      // After the sanitiser, which drops `target` and `rel`: links to other sites open in a new
      // tab that gets no handle on this page (`window.opener`) and no referrer.
      [rehypeExternalLinks, { target: '_blank', rel: ['noopener', 'noreferrer'], test: leavesSite(originOf(siteUrl)) }],
    ],
    [siteUrl],
  );
  return (
    <div className={className}>
      <ReactMarkdown remarkPlugins={remarkPlugins} remarkRehypeOptions={remarkRehypeOptions} rehypePlugins={rehypePlugins}>
        {content}
      </ReactMarkdown>
    </div>
  );
}

/**
 * Whether a link goes to another site; the plugin asks only about `http:`, `https:` and `//host`
 * links. This site's own absolute URLs stay in the tab; when its origin is unknown, every such
 * link counts as another site's.
 */
function leavesSite(siteOrigin: string) {
  return (link: Element) => {
    if (!siteOrigin) return true;
    try {
      return new URL(String(link.properties.href), siteOrigin).origin !== siteOrigin;
    } catch {
      return false;
    }
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return typeof window === 'undefined' ? '' : window.location.origin;
  }
}

// React.lazy loads default exports.
export default Markdown;
