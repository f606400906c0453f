import { finish, unchanged, type FormatResult, type TextChange, type TextSelection } from './edits';
import { codeLines, lineAt, splitLines, touchedLines, type Line } from './lines';
import { lineSegment, type Segment } from './segments';
import { insideWord, isLetterOrDigit, wordEnd, wordStart } from './words';

/** Bold is `**`, italic `_`: the two never share a character, so one cannot be read as the other. */
export type EmphasisMarker = '**' | '_';

/** Positions of a matched opening and closing marker. */
interface Pair {
  open: number;
  close: number;
}

function markerPositions(text: string, line: Line, marker: EmphasisMarker): number[] {
  const positions: number[] = [];
  for (let index = line.start; index + marker.length <= line.end; index++) {
    if (!text.startsWith(marker, index)) continue;
    // snake_case: an underscore between letters is plain text, not emphasis.
    if (marker === '_' && isLetterOrDigit(text[index - 1]) && isLetterOrDigit(text[index + 1])) continue;
    positions.push(index);
    index += marker.length - 1;
  }
  return positions;
}

/** The line's markers paired in order, first with second, third with fourth: how a writer reads them. */
function pairsOn(text: string, line: Line, marker: EmphasisMarker): Pair[] {
  const positions = markerPositions(text, line, marker);
  const pairs: Pair[] = [];
  for (let index = 0; index + 1 < positions.length; index += 2) pairs.push({ open: positions[index]!, close: positions[index + 1]! });
  return pairs;
}

function removePair(pair: Pair, marker: EmphasisMarker): TextChange[] {
  return [
    { from: pair.open, to: pair.open + marker.length, insert: '' },
    { from: pair.close, to: pair.close + marker.length, insert: '' },
  ];
}

/** An empty selection: undo the emphasis around the cursor, or emphasise the word it is in, or start an empty one. */
function atCursor(text: string, position: number, marker: EmphasisMarker): FormatResult {
  const lines = splitLines(text);
  const index = lineAt(lines, position);
  const cursor = { start: position, end: position };
  if (codeLines(lines)[index]) return unchanged(text, cursor);
  const line = lines[index]!;
  const around = pairsOn(text, line, marker).find((pair) => pair.open < position && position < pair.close + marker.length);
  if (around) {
    return finish(text, removePair(around, marker), (map) => collapsed(map(position, 'before')));
  }
  if (insideWord(text, position)) {
    const edits = [
      { from: wordStart(text, position), to: wordStart(text, position), insert: marker },
      { from: wordEnd(text, position), to: wordEnd(text, position), insert: marker },
    ];
    return finish(text, edits, () => collapsed(position + marker.length));
  }
  return finish(text, [{ from: position, to: position, insert: marker + marker }], () => collapsed(position + marker.length));
}

function collapsed(position: number): TextSelection {
  return { start: position, end: position };
}

interface Found {
  segment: Segment;
  /** The pair the segment lies within, markers included: the segment is already emphasised. */
  enclosing: Pair | undefined;
  overlapping: Pair[];
}

/**
 * Toggles bold or italic. Each line of a selection is emphasised on its own (emphasis cannot span
 * paragraphs, and a list item's marker must stay outside it); lines of code blocks are left alone.
 * When every line is already emphasised the markers go; otherwise the lines that are not become
 * emphasised, taking in any emphasis they partly cover rather than nesting markers.
 */
export function toggleEmphasis(text: string, selection: TextSelection, marker: EmphasisMarker): FormatResult {
  if (selection.start === selection.end) return atCursor(text, selection.start, marker);
  const lines = splitLines(text);
  const code = codeLines(lines);
  const { first, last } = touchedLines(lines, selection);
  const found: Found[] = [];
  for (let index = first; index <= last; index++) {
    if (code[index]) continue;
    const line = lines[index]!;
    const segment = lineSegment(text, line, selection.start, selection.end, true);
    if (!segment) continue;
    const pairs = pairsOn(text, line, marker);
    const outerEnd = (pair: Pair) => pair.close + marker.length;
    found.push({
      segment,
      enclosing: pairs.find((pair) => pair.open <= segment.from && segment.to <= outerEnd(pair)),
      overlapping: pairs.filter((pair) => pair.open < segment.to && segment.from < outerEnd(pair)),
    });
  }
  if (found.length === 0) {
    return code.slice(first, last + 1).every(Boolean) ? unchanged(text, selection) : atCursor(text, selection.start, marker);
  }

  const bounds: Segment[] = [];
  const edits: TextChange[] = [];
  const removing = found.every((entry) => entry.enclosing);
  for (const { segment, enclosing, overlapping } of found) {
    if (removing) {
      edits.push(...removePair(enclosing!, marker));
      bounds.push(segment);
    } else if (!enclosing) {
      let { from, to } = segment;
      for (const pair of overlapping) {
        from = Math.min(from, pair.open);
        to = Math.max(to, pair.close + marker.length);
        edits.push(...removePair(pair, marker));
      }
      edits.push({ from, to: from, insert: marker }, { from: to, to, insert: marker });
      bounds.push({ from, to });
    } else {
      bounds.push(segment);
    }
  }
  return finish(text, edits, (map) => ({ start: map(bounds[0]!.from, 'after'), end: map(bounds.at(-1)!.to, 'before') }));
}
