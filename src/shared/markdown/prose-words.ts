import type { Element, Root, RootContent } from 'hast';
import { toText } from 'hast-util-to-text';

/** Blocks on the page that the text extractor would take for inline (gluing their words together). */
const BLOCKS = new Set(['details', 'summary']);

const carries = (element: Element, property: string) => element.properties[property] != null && element.properties[property] !== false;

/**
 * What the page shows but nobody reads as prose: code blocks, footnote markers and the
 * footnote section (images have no text). What the sanitiser removed is not in the tree at all.
 */
function isProse(node: RootContent): boolean {
  if (node.type !== 'element') return true;
  if (node.tagName === 'pre') return false;
  if (node.tagName === 'a' && carries(node, 'dataFootnoteRef')) return false;
  return !(node.tagName === 'section' && carries(node, 'dataFootnotes'));
}

/** A copy of the tree with only its prose, blocks marked as such; the rendered tree stays as it is. */
function prose<T extends Root | Element>(node: T): T {
  const children = node.children.filter(isProse).map((child) => (child.type === 'element' ? prose(child) : child));
  if (node.type === 'element' && BLOCKS.has(node.tagName)) return { ...node, tagName: 'div', children };
  return { ...node, children };
}

/**
 * The words of a post as a reader sees them on its page, from the pipeline's final tree (the
 * one its HTML is made from): tags gone, character references decoded, and a word ending at
 * every block (paragraph, list item, table cell, `<br>`).
 */
export function proseWords(tree: Root): string[] {
  return toText(prose(tree)).split(/\s+/).filter(Boolean);
}
