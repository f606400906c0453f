import type { Element, Root, RootContent } from 'hast';
import { enhanceOwnImage, type ImageSizes } from './own-images';
import { CLOBBER_PREFIX } from './sanitize-schema';

function walk(node: Root | RootContent, visit: (element: Element) => void): void {
  if (node.type === 'element') visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/**
 * Runs after rehype-sanitize, on markup that is already safe:
 * - in-page links (`#fn-1`, `#section`) get the prefix the sanitiser gave every id, once, so
 *   footnote links land on their note;
 * - images load lazily, and an empty image source is dropped; ours also get their versions and
 *   size (`imageSizes`: the recorded sizes of uploads, for addresses without the editor's fragment).
 */
export function rehypeLinks({ imageSizes }: { imageSizes?: ImageSizes } = {}) {
  return (tree: Root) => {
    walk(tree, (element) => {
      const { properties } = element;
      if (element.tagName === 'a' && typeof properties.href === 'string') {
        const href = properties.href;
        if (href.startsWith('#') && href.length > 1 && !href.startsWith(`#${CLOBBER_PREFIX}`)) {
          properties.href = `#${CLOBBER_PREFIX}${href.slice(1)}`;
        }
      }
      if (element.tagName === 'img') {
        // `![alt]()` leaves an empty source, which would make the browser fetch the page itself.
        if (properties.src === '') delete properties.src;
        properties.loading = 'lazy';
        properties.decoding = 'async';
        enhanceOwnImage(element, imageSizes);
      }
    });
  };
}
