import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { SUMMARY_WORDS } from '../constants';

/**
 * Nodes whose text is not prose a reader would want in a summary: code blocks, link
 * definitions, footnote markers and notes, image descriptions.
 */
const SKIPPED = new Set(['code', 'definition', 'footnoteDefinition', 'footnoteReference', 'image', 'imageReference', 'yaml']);

/** Elements of raw HTML whose content is never shown as text. */
const HIDDEN_ELEMENTS = /<(script|style|template|noscript|textarea|title|iframe|xmp|noembed|noframes)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)[^>]*>?|<![^>]*>|<\?[^>]*>/g;
/** Tags that break a line: they end a word; other tags (`<kbd>`, `<b>`) sit inside words. */
const BLOCK_TAGS = new Set(
  'address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(' '),
);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The readable text of a piece of raw HTML: tags, comments and hidden elements removed. */
function htmlText(html: string): string {
  return html
    .replace(COMMENT, ' ')
    .replace(HIDDEN_ELEMENTS, ' ')
    .replace(TAG, (_tag, name: string | undefined) => (name && !BLOCK_TAGS.has(name.toLowerCase()) ? '' : ' '))
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

const extensions = [gfm()];
const mdastExtensions = [gfmFromMarkdown()];

const INLINE = new Set(['text', 'inlineCode', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'break', 'html']);

function collect(node: Nodes, out: string[]): void {
  if (SKIPPED.has(node.type)) return;
  if (node.type === 'text' || node.type === 'inlineCode') {
    // Escaped, so that the one pass over the whole (below) reads it as text, never as a tag.
    out.push(node.value.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
    return;
  }
  if (node.type === 'html') {
    // Raw HTML stays raw until the end: an inline <script> spans several nodes.
    out.push(node.value);
    return;
  }
  if (node.type === 'break') {
    out.push(' ');
    return;
  }
  if ('children' in node) {
    for (const child of (node as Parents).children) collect(child, out);
    // Blocks (paragraphs, headings, list items, table cells) end a word even without a space.
    if (!INLINE.has(node.type)) out.push(' ');
  }
}

/**
 * The words of a post's markdown as a reader sees them: markdown syntax and HTML tags removed,
 * so that no `**` or `<kbd>` leaks into a summary or a description.
 */
export function contentWords(markdown: string): string[] {
  const tree = fromMarkdown(markdown, { extensions, mdastExtensions });
  const out: string[] = [];
  collect(tree, out);
  return htmlText(out.join('')).split(/\s+/).filter(Boolean);
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

/** A card's summary (spec 2 and 9): the first 40 words of the content's text, then '...'. */
export function summary(markdown: string, words = SUMMARY_WORDS): string {
  return `${leadingWords(markdown, words).join(' ')}...`;
}

/** A meta description: the content's first words, cut at a word boundary to fit `maxLength`. */
export function description(markdown: string, maxLength = 160): string {
  // A word takes at least two characters with its space: no more than maxLength / 2 can fit.
  const words = leadingWords(markdown, Math.ceil(maxLength / 2) + 1);
  let text = '';
  for (const word of words) {
    const next = text ? `${text} ${word}` : word;
    if (next.length > maxLength - 1) return `${text || word.slice(0, maxLength - 1)}…`;
    text = next;
  }
  return text;
}
