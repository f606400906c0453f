import { markdownTree } from '../markdown/markdown-tree';
import { markdownPipeline } from '../markdown/pipeline';
import { proseWords } from '../markdown/prose-words';
import { SUMMARY_WORDS } from '../constants';

/** No site address: which links leave the site changes no word. */
const pipeline = markdownPipeline('');

/**
 * The words of a post's markdown as its page shows them, through the one markdown pipeline,
 * for the browser alone: the editor's search-result preview, and cards of a server that sends
 * no summary. This site's server takes them from the tree it renders a post's HTML from.
 */
export function contentWords(markdown: string): string[] {
  return proseWords(markdownTree(markdown, pipeline).tree);
}

/** A card's summary: the first 40 words of the content's text, then '...'. */
export function summary(markdown: string, words = SUMMARY_WORDS): string {
  return summaryOf(contentWords(markdown), words);
}

/** A meta description: the content's first words, cut at a word boundary to fit `maxLength`. */
export function description(markdown: string, maxLength = 160): string {
  return descriptionOf(contentWords(markdown), maxLength);
}

/** `summary` of words already taken from the content. */
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
