import type { Line } from './lines';
import { linePrefix } from './lines';
import { insideWord, wordEnd, wordStart } from './words';

/** The part of a line a selection covers, in positions of the whole text. */
export interface Segment {
  from: number;
  to: number;
}

const WHITESPACE = /\s/;

/**
 * The part of a line to format: the selection's share of the line without the line's block
 * markup (list marker, quote, heading marks) and without spaces at either end, which would stop
 * the markers from reading as markup (`** bold **` is not bold). With `snapToWords`, an end that
 * falls inside a word moves to the word's edge: an underscore inside a word is not emphasis, and
 * a selection dragged to the middle of a word almost always meant the whole word.
 */
export function lineSegment(text: string, line: Line, start: number, end: number, snapToWords: boolean): Segment | null {
  let from = Math.max(start, line.start + linePrefix(line.text).contentStart);
  let to = Math.min(end, line.end);
  while (from < to && WHITESPACE.test(text[from]!)) from++;
  while (to > from && WHITESPACE.test(text[to - 1]!)) to--;
  if (from >= to) return null;
  if (snapToWords) {
    if (insideWord(text, from)) from = wordStart(text, from);
    if (insideWord(text, to)) to = wordEnd(text, to);
  }
  return { from, to };
}
