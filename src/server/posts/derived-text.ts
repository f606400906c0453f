import { READING_WORDS_PER_MINUTE } from '../../shared/constants';
import type { ImageSizes } from '../../shared/markdown/own-images';
import { originOf } from '../../shared/markdown/pipeline';
import { proseWords } from '../../shared/markdown/prose-words';
import { renderMarkdown } from '../../shared/markdown/render-html';
import { descriptionOf, summaryOf } from '../../shared/text/summary';

/**
 * Which version of the code below made a post's derived columns. Raise it whenever what they
 * hold changes (the text extraction, the summary's rule, the markdown pipeline or its packages):
 * the server then derives every post again at start (derived-refresh.ts).
 * 2: the stored HTML.
 * 3: the words taken from the HTML's own sanitised tree; images of ours sized from their uploads.
 */
export const DERIVED_VERSION = 3;

/** The columns of a post that follow from its content, made once when it is written. */
export interface DerivedText {
  plain_text: string;
  word_count: number;
  summary: string;
  excerpt: string;
  /** The content rendered and sanitised, as the post page shows it. */
  html: string;
  /** The site's origin the HTML was rendered for (links elsewhere open in a new tab): a new origin renders again. */
  html_origin: string;
  derived_version: number;
}

/** Characters that never belong in a text index or a snippet (and the snippet's own markers). */
const CONTROL = /[\p{Cc}]/gu;

/**
 * Everything a post shows or is found by that is not its markdown, made once per written
 * version from one parse: the HTML, and the words of the very tree it was made from.
 * `imageSizes`: the recorded sizes of the uploads the content names.
 */
export function deriveText(content: string, siteUrl: string, imageSizes?: ImageSizes): DerivedText {
  const { html, tree } = renderMarkdown(content, siteUrl, imageSizes);
  const words = proseWords(tree).map((word) => word.replace(CONTROL, '')).filter(Boolean);
  return {
    plain_text: words.join(' '),
    word_count: words.length,
    summary: summaryOf(words),
    excerpt: descriptionOf(words),
    html,
    html_origin: originOf(siteUrl),
    derived_version: DERIVED_VERSION,
  };
}

/** '{n} min read': words ÷ 230, rounded up; a post always takes at least a minute. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / READING_WORDS_PER_MINUTE));
}
