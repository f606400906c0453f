/** Silent reading speed of prose on a screen, in words a minute: the usual figure for a reading-time estimate. */
const WORDS_PER_MINUTE = 230;

const FENCE_LINE = /^[ \t]*(?:`{3,}|~{3,}).*$/gm;
const IMAGE = /!\[[^\]]*\]\([^)]*\)/g;
const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const HTML_TAG = /<\/?[A-Za-z][^>\n]*>/g;
const LIST_MARKER = /^([ \t]*(?:>[ \t]*)*)(?:[-*+]|\d{1,9}[.)])[ \t]+/gm;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The words a reader sees, roughly: a link counts its text, not its address; images, HTML tags,
 * fences and list markers count for nothing, nor does anything without a letter or digit (`#`,
 * `>`, `*`, a dash). Quick enough for every keystroke, and close enough for an estimate.
 */
export function countWords(text: string): number {
  const visible = text
    .replace(FENCE_LINE, ' ')
    .replace(IMAGE, ' ')
    .replace(LINK, ' $1 ')
    .replace(HTML_TAG, ' ')
    .replace(LIST_MARKER, '$1 ');
  let words = 0;
  for (const token of visible.split(/\s+/)) if (HAS_LETTER_OR_DIGIT.test(token)) words++;
  return words;
}

/** Minutes to read that many words, rounded up: at least 1 for any text, 0 for none. */
export function readingMinutes(words: number): number {
  return words > 0 ? Math.ceil(words / WORDS_PER_MINUTE) : 0;
}
