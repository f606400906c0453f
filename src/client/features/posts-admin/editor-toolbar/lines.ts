import type { TextSelection } from './edits';

/** One line of a text; `end` is where its line break (or the text) begins. */
export interface Line {
  index: number;
  start: number;
  end: number;
  text: string;
}

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const piece of text.split('\n')) {
    lines.push({ index: lines.length, start, end: start + piece.length, text: piece });
    start += piece.length + 1;
  }
  return lines;
}

/** The index of the line a position lies on. */
export function lineAt(lines: readonly Line[], position: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (lines[middle]!.start <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The first and last lines a selection touches. A selection ending at the very start of a line
 * (a triple click, or dragging to the next line's margin) does not take that line in.
 */
export function touchedLines(lines: readonly Line[], { start, end }: TextSelection): { first: number; last: number } {
  const first = lineAt(lines, start);
  let last = lineAt(lines, end);
  if (last > first && lines[last]!.start === end) last -= 1;
  return { first, last };
}

export function isBlank(line: Line): boolean {
  return line.text.trim() === '';
}

/** A fenced code block: its opening and closing fence lines (`close` is null while it runs to the end). */
export interface FencedBlock {
  open: number;
  close: number | null;
  /** The last line the block holds: its closing fence, or the text's last line. */
  last: number;
}

const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * The fenced code blocks at the top level of the text. Fences inside quotes and list items are
 * not looked for: a toolbar needs a good guess, not a full parser.
 */
export function fencedBlocks(lines: readonly Line[]): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let opened: { line: number; fence: string } | null = null;
  for (const line of lines) {
    if (opened) {
      const fence = CLOSING_FENCE.exec(line.text)?.[1];
      if (fence && fence[0] === opened.fence[0] && fence.length >= opened.fence.length) {
        blocks.push({ open: opened.line, close: line.index, last: line.index });
        opened = null;
      }
      continue;
    }
    const match = OPENING_FENCE.exec(line.text);
    // A backtick fence's info string cannot hold a backtick (it would be inline code instead).
    if (match && !(match[1]![0] === '`' && match[2]!.includes('`'))) opened = { line: line.index, fence: match[1]! };
  }
  if (opened) blocks.push({ open: opened.line, close: null, last: lines.length - 1 });
  return blocks;
}

/** For each line, whether it belongs to a fenced code block (its fences included). */
export function codeLines(lines: readonly Line[], blocks: readonly FencedBlock[] = fencedBlocks(lines)): boolean[] {
  const flags = lines.map(() => false);
  for (const block of blocks) for (let index = block.open; index <= block.last; index++) flags[index] = true;
  return flags;
}

/** The markup that opens a line, as lengths into it: quote markers, indentation, a list marker, a heading marker. */
export interface LinePrefix {
  /** End of the quote markers (`> > `). */
  quoteEnd: number;
  /** End of the indentation after them. */
  indentEnd: number;
  list: { end: number; kind: 'bullet' | 'numbered' } | null;
  heading: { start: number; end: number; level: number } | null;
  /** Where the line's own words begin. */
  contentStart: number;
}

const PREFIX = /^((?:[ \t]{0,3}>[ \t]?)*)([ \t]*)((?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)[ \t]*)?((#{1,6})(?=[ \t]|$)[ \t]*)?/;

export function linePrefix(text: string): LinePrefix {
  const [whole, quote = '', indent = '', list, heading, hashes] = PREFIX.exec(text)!;
  const quoteEnd = quote.length;
  const indentEnd = quoteEnd + indent.length;
  const listEnd = indentEnd + (list?.length ?? 0);
  return {
    quoteEnd,
    indentEnd,
    list: list ? { end: listEnd, kind: /\d/.test(list) ? 'numbered' : 'bullet' } : null,
    heading: heading ? { start: listEnd, end: whole.length, level: hashes!.length } : null,
    contentStart: whole.length,
  };
}
