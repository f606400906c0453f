import type { Element } from 'hast';
import type { Options } from 'react-markdown';
import rehypeExternalLinks from 'rehype-external-links';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import type { ImageSizes } from './own-images';
import { rehypeLinks } from './rehype-links';
import { sanitizeSchema } from './sanitize-schema';

/**
 * The one markdown pipeline of the site, as react-markdown takes it: the browser's `Markdown`
 * (the editor's preview, a post from a server that sends no HTML) and the server, which renders
 * a post's HTML once when it is written (render-html.ts), both take their options from here, so
 * that the two can never disagree.
 */
export type MarkdownPipeline = Pick<Options, 'remarkPlugins' | 'remarkRehypeOptions' | 'rehypePlugins'>;

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm];

// The sanitiser prefixes ids itself; remark-rehype's own prefix would make footnote ids
// "user-content-user-content-fn-1" while their links point to "#user-content-fn-1".
const remarkRehypeOptions: Options['remarkRehypeOptions'] = { clobberPrefix: '' };

/** rehype-raw once more, under its own name: unified runs a plugin given twice only once. */
const rehypeReparse: typeof rehypeRaw = (options) => rehypeRaw(options);

/**
 * GitHub-flavoured markdown (tables, strikethrough, task lists, footnotes, autolinks) with raw
 * HTML, parsed by rehype-raw and then sanitised by rehype-sanitize, never the other way round.
 * `siteUrl` tells this site's links from other sites'; `imageSizes` (the server's, when it
 * renders a post) gives images of ours written without a size their recorded one.
 */
export function markdownPipeline(siteUrl: string, { imageSizes }: { imageSizes?: ImageSizes } = {}): MarkdownPipeline {
  return {
    remarkPlugins,
    remarkRehypeOptions,
    rehypePlugins: [
      rehypeRaw,
      [rehypeSanitize, sanitizeSchema],
      // The second pass through the HTML parser restores valid nesting where the sanitiser
      // unwrapped an element (`<p>` inside a removed `<object>` inside a `<p>`), so that the
      // browser reads the server's HTML as the same tree React renders.
      rehypeReparse,
      [rehypeLinks, { imageSizes }],
      // After the sanitiser, which drops `target` and `rel`: links to other sites open in a new
      // tab that gets no handle on this page (`window.opener`) and no referrer.
      [rehypeExternalLinks, { target: '_blank', rel: ['noopener', 'noreferrer'], test: leavesSite(originOf(siteUrl)) }],
    ],
  };
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

/** The origin of the site's address; in a browser without a valid one, the page's own. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return typeof window === 'undefined' ? '' : window.location.origin;
  }
}
