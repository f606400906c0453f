import { finish, unchanged, type FormatResult, type TextChange, type TextSelection } from './edits';
import { codeLines, fencedBlocks, isBlank, lineAt, splitLines, touchedLines, type Line } from './lines';
import { lineSegment } from './segments';
import { insideWord, wordEnd, wordStart } from './words';

/** A code span: its opening backticks `open`–`openEnd` and its closing ones `close`–`closeEnd`. */
interface Span {
  open: number;
  openEnd: number;
  close: number;
  closeEnd: number;
}

/** The code spans of a line: a run of backticks closes at the next run of the same length. */
function codeSpans(text: string, line: Line): Span[] {
  const runs: { start: number; end: number }[] = [];
  for (let index = line.start; index < line.end; index++) {
    if (text[index] !== '`') continue;
    const start = index;
    while (text[index + 1] === '`' && index + 1 < line.end) index++;
    runs.push({ start, end: index + 1 });
  }
  const spans: Span[] = [];
  for (let index = 0; index < runs.length; index++) {
    const opening = runs[index]!;
    const length = opening.end - opening.start;
    const closing = runs.findIndex((run, other) => other > index && run.end - run.start === length);
    if (closing === -1) continue;
    spans.push({ open: opening.start, openEnd: opening.end, close: runs[closing]!.start, closeEnd: runs[closing]!.end });
    index = closing;
  }
  return spans;
}

/** The edits that unwrap a span, with the one space of padding on each side that the span's markup adds. */
function removeSpan(text: string, span: Span): TextChange[] {
  const inner = text.slice(span.openEnd, span.close);
  const padded = inner.length >= 2 && inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '';
  const pad = padded ? 1 : 0;
  return [
    { from: span.open, to: span.openEnd + pad, insert: '' },
    { from: span.close - pad, to: span.closeEnd, insert: '' },
  ];
}

function longestBacktickRun(content: string): number {
  return Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
}

/** Wraps `from`–`to` in backticks, more of them than any run inside, padded when the content starts or ends with one. */
function wrapSpan(text: string, from: number, to: number, removed: readonly TextChange[]): TextChange[] {
  let content = text.slice(from, to);
  for (const edit of [...removed].sort((a, b) => b.from - a.from)) {
    content = content.slice(0, edit.from - from) + content.slice(edit.to - from);
  }
  const fence = '`'.repeat(longestBacktickRun(content) + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return [...removed, { from, to: from, insert: fence + pad }, { from: to, to, insert: pad + fence }];
}

function inlineAtCursor(text: string, line: Line, position: number): FormatResult {
  const around = codeSpans(text, line).find((span) => span.open < position && position < span.closeEnd);
  if (around) {
    return finish(text, removeSpan(text, around), (map) => ({ start: map(position, 'before'), end: map(position, 'before') }));
  }
  let runStart = position;
  while (runStart > line.start && text[runStart - 1] === '`') runStart--;
  let runEnd = position;
  while (runEnd < line.end && text[runEnd] === '`') runEnd++;
  // The cursor between the two halves of an empty span (the toolbar's own ``, which is no span): take it back.
  if (runEnd - position === position - runStart && runEnd > runStart) {
    return finish(text, [{ from: runStart, to: runEnd, insert: '' }], () => ({ start: runStart, end: runStart }));
  }
  const cursor = position + 1;
  if (insideWord(text, position)) {
    return finish(text, wrapSpan(text, wordStart(text, position), wordEnd(text, position), []), () => ({ start: cursor, end: cursor }));
  }
  return finish(text, [{ from: position, to: position, insert: '``' }], () => ({ start: cursor, end: cursor }));
}

/** Inline code for a selection within one line; code spans it covers in part are merged into the new one. */
function toggleInlineCode(text: string, line: Line, selection: TextSelection): FormatResult {
  const segment = selection.start === selection.end ? null : lineSegment(text, line, selection.start, selection.end, false);
  if (!segment) return inlineAtCursor(text, line, selection.start);
  const spans = codeSpans(text, line);
  const enclosing = spans.find((span) => span.open <= segment.from && segment.to <= span.closeEnd);
  if (enclosing) {
    return finish(text, removeSpan(text, enclosing), (map) => ({ start: map(segment.from, 'after'), end: map(segment.to, 'before') }));
  }
  let { from, to } = segment;
  const removed: TextChange[] = [];
  for (const span of spans.filter((span) => span.open < segment.to && segment.from < span.closeEnd)) {
    from = Math.min(from, span.open);
    to = Math.max(to, span.closeEnd);
    removed.push({ from: span.open, to: span.openEnd, insert: '' }, { from: span.close, to: span.closeEnd, insert: '' });
  }
  return finish(text, wrapSpan(text, from, to, removed), (map) => ({ start: map(from, 'after'), end: map(to, 'before') }));
}

/** Deletes whole lines, each with one of its line breaks, so that no blank line is left in their place. */
function deleteLines(text: string, lines: readonly Line[], indices: readonly number[]): TextChange[] {
  const edits: TextChange[] = [];
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  for (let index = 0; index < sorted.length; index++) {
    const first = sorted[index]!;
    let last = first;
    while (sorted[index + 1] === last + 1) last = sorted[++index]!;
    const isLastLine = last === lines.length - 1;
    if (!isLastLine) edits.push({ from: lines[first]!.start, to: lines[last + 1]!.start, insert: '' });
    else edits.push({ from: Math.max(0, lines[first]!.start - 1), to: text.length, insert: '' });
  }
  return edits;
}

/**
 * A fenced block for several lines. A code block the selection touches is taken in whole, so no
 * fence is ever cut in two: when that block is all the selection holds, its fences go (the
 * toggle); otherwise everything is wrapped in a longer fence, which keeps the inner fences as
 * they are, as text.
 */
function toggleCodeBlock(text: string, lines: readonly Line[], selection: TextSelection): FormatResult {
  const blocks = fencedBlocks(lines);
  let { first, last } = touchedLines(lines, selection);
  // Blank lines at the edges belong to neither the code nor the fence.
  while (first < last && isBlank(lines[first]!)) first++;
  while (last > first && isBlank(lines[last]!)) last--;
  for (const block of blocks) {
    if (block.open <= last && block.last >= first) {
      first = Math.min(first, block.open);
      last = Math.max(last, block.last);
    }
  }
  const block = blocks.find((candidate) => candidate.open === first && candidate.last === last);
  if (block) {
    const fences = block.close === null ? [block.open] : [block.open, block.close];
    return finish(text, deleteLines(text, lines, fences), (map) => {
      const start = map(selection.start, 'after');
      return { start, end: Math.max(start, map(selection.end, 'before')) };
    });
  }
  const covered = lines.slice(first, last + 1);
  const innerFence = Math.max(0, ...covered.map((line) => /^ {0,3}(`*)/.exec(line.text)![1]!.length).filter((length) => length >= 3));
  const fence = '`'.repeat(Math.max(3, innerFence + 1));
  const start = lines[first]!.start;
  const end = lines[last]!.end;
  const edits = [
    { from: start, to: start, insert: `${fence}\n` },
    { from: end, to: end, insert: `\n${fence}` },
  ];
  // The lines inside the new fences; counted, as both fences go in at one point on an empty line.
  const contentStart = start + fence.length + 1;
  return finish(text, edits, () => ({ start: contentStart, end: contentStart + end - start }));
}

/** Inline code for a selection within one line, a fenced block for more (or for a line already in a block). */
export function toggleCode(text: string, selection: TextSelection): FormatResult {
  const lines = splitLines(text);
  const code = codeLines(lines);
  const { first, last } = touchedLines(lines, selection);
  const multiLine = text.slice(selection.start, selection.end).includes('\n');
  if (multiLine || code.slice(first, last + 1).some(Boolean)) return toggleCodeBlock(text, lines, selection);
  const line = lines[lineAt(lines, selection.start)];
  return line ? toggleInlineCode(text, line, selection) : unchanged(text, selection);
}
