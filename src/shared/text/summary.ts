import type { Nodes } from 'hast';
import { raw } from 'hast-util-raw';
import { toText } from 'hast-util-to-text';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast, type Handler } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { SUMMARY_WORDS } from '../constants';

const extensions = [gfm()];
const mdastExtensions = [gfmFromMarkdown()];

const nothing: Handler = () => undefined;
/**
 * What is never read as prose: code blocks, images, and footnote markers. Without a marker no
 * footnote section is made either, so the notes stay out too (link definitions do by default).
 */
const handlers = { code: nothing, footnoteReference: nothing, image: nothing, imageReference: nothing };

/** Elements whose content is raw text: it reads as markup (`<script>` in an `<iframe>`), never as prose. */
const RAW_TEXT = new Set(['iframe', 'textarea', 'xmp']);
/** Blocks on the post page, which the text extractor would take for inline (and a closed dialog for hidden). */
const BLOCKS = new Set(['details', 'dialog', 'fieldset', 'summary']);

/** Makes the tree read as the post page shows it: the sanitiser drops `hidden`, so its content shows there. */
function asShown(node: Nodes): void {
  if (node.type === 'element') {
    if (RAW_TEXT.has(node.tagName)) {
      node.properties.hidden = true;
      return;
    }
    delete node.properties.hidden;
    if (BLOCKS.has(node.tagName)) node.tagName = 'div';
  }
  if ('children' in node) for (const child of node.children) asShown(child);
}

/**
 * The words of a post's markdown as a reader sees them: markdown syntax and HTML tags removed,
 * character references decoded, scripts, styles and comments left out, and a word ending at
 * every block (paragraph, list item, table cell, `<br>`).
 */
export function contentWords(markdown: string): string[] {
  const mdast = fromMarkdown(markdown, { extensions, mdastExtensions });
  let tree: Nodes = toHast(mdast, { allowDangerousHtml: true, handlers });
  // Raw HTML (and so parsing it) needs a `<`: most posts skip the HTML parser, the slow part.
  if (markdown.includes('<')) {
    tree = raw(tree);
    asShown(tree);
  }
  return toText(tree).split(/\s+/).filter(Boolean);
}

/** Enough words for any summary or description asked of `leadingWords` (160 characters hold fewer). */
const LEADING_WORDS = 100;
const recent = new Map<string, string[]>();
const RECENT_LIMIT = 200;

/**
 * The first words of a post. The list, the post page (twice: its description and its structured
 * data) and the feed ask for them on every render, and parsing is most of a render's work, so the
 * words of the last few hundred contents are kept; a post's new content is a new key.
 */
function leadingWords(markdown: string, count: number): string[] {
  if (count > LEADING_WORDS) return contentWords(markdown).slice(0, count);
  let words = recent.get(markdown);
  if (!words) {
    words = contentWords(markdown).slice(0, LEADING_WORDS);
    if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
    recent.set(markdown, words);
  }
  return words.slice(0, count);
}

/** A card's summary: the first 40 words of the content's text, then '...'. */
export function summary(markdown: string, words = SUMMARY_WORDS): string {
  return summaryOf(leadingWords(markdown, words), words);
}

/** A meta description: the content's first words, cut at a word boundary to fit `maxLength`. */
export function description(markdown: string, maxLength = 160): string {
  // A word takes at least two characters with its space: no more than maxLength / 2 can fit.
  return descriptionOf(leadingWords(markdown, Math.ceil(maxLength / 2) + 1), maxLength);
}

/** `summary` of words already taken from the content (the server derives everything from one parse). */
export function summaryOf(words: readonly string[], count = SUMMARY_WORDS): string {
  return `${words.slice(0, count).join(' ')}...`;
}

/** `description` of words already taken from the content. */
export function descriptionOf(words: readonly string[], maxLength = 160): string {
  let text = '';
  for (const word of words) {
    const next = text ? `${text} ${word}` : word;
    if (next.length > maxLength - 1) return `${text || word.slice(0, maxLength - 1)}…`;
    text = next;
  }
  return text;
}
