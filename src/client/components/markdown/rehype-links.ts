import type { Element, Root, RootContent } from 'hast';
import { CLOBBER_PREFIX } from './sanitize-schema';

export interface LinkOptions {
  /** Origin of this site: links elsewhere open in a new tab. */
  siteOrigin: string;
}

function walk(node: Root | RootContent, visit: (element: Element) => void): void {
  if (node.type === 'element') visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

function originOf(href: string): string | null {
  try {
    return /^[a-z][a-z0-9+.-]*:/i.test(href) ? new URL(href).origin : null;
  } catch {
    return null;
  }
}

/**
 * Runs after rehype-sanitize, on markup that is already safe:
 * - in-page links (`#fn-1`, `#section`) get the prefix the sanitiser gave every id, once, so
 *   footnote links land on their note;
 * - links to other sites open in a new tab, without handing the new page a reference to this
 *   one (`rel="noopener noreferrer"`);
 * - images load lazily, and an empty image source is dropped.
 */
export function rehypeLinks({ siteOrigin }: LinkOptions) {
  return (tree: Root) => {
    walk(tree, (element) => {
      const { properties } = element;
      if (element.tagName === 'a' && typeof properties.href === 'string') {
        const href = properties.href;
        if (href.startsWith('#') && href.length > 1 && !href.startsWith(`#${CLOBBER_PREFIX}`)) {
          properties.href = `#${CLOBBER_PREFIX}${href.slice(1)}`;
        }
        const origin = originOf(href);
        if (origin !== null && origin !== 'null' && origin !== siteOrigin) {
          properties.target = '_blank';
          properties.rel = ['noopener', 'noreferrer'];
        }
      }
      if (element.tagName === 'img') {
        // `![alt]()` leaves an empty source, which would make the browser fetch the page itself.
        if (properties.src === '') delete properties.src;
        properties.loading = 'lazy';
        properties.decoding = 'async';
      }
    });
  };
}
