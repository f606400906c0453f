import { finish, unchanged, type FormatResult, type TextChange, type TextSelection } from './edits';
import { codeLines, isBlank, linePrefix, splitLines, touchedLines, type Line } from './lines';

export type LineAction = 'heading' | 'bulletList' | 'numberedList' | 'quote';

const HEADING = '## ';
const BULLET = '- ';

/**
 * The lines an action works on. Headings and list items are left out of code blocks (a marker
 * there would change the code) and off blank lines (which would become empty items), unless blank
 * lines are all there is: the cursor on an empty line starts a heading or a list there. A quote
 * takes in every line, code blocks included, since a quoted code block is still code.
 */
function targetLines(lines: readonly Line[], first: number, last: number, action: LineAction): Line[] {
  const touched = lines.slice(first, last + 1);
  if (action === 'quote') return touched;
  const code = codeLines(lines);
  const outsideCode = touched.filter((line) => !code[line.index]);
  const written = outsideCode.filter((line) => !isBlank(line));
  return written.length > 0 ? written : outsideCode;
}

function hasPrefix(line: Line, action: LineAction): boolean {
  const prefix = linePrefix(line.text);
  switch (action) {
    case 'heading':
      return prefix.heading?.level === 2;
    case 'bulletList':
      return prefix.list?.kind === 'bullet';
    case 'numberedList':
      return prefix.list?.kind === 'numbered';
    case 'quote':
      return prefix.quoteEnd > 0;
  }
}

/** The edit that takes one level of the action's markup off a line. */
function removal(line: Line, action: LineAction): TextChange {
  const prefix = linePrefix(line.text);
  const at = (from: number, to: number): TextChange => ({ from: line.start + from, to: line.start + to, insert: '' });
  switch (action) {
    case 'heading':
      return at(prefix.heading!.start, prefix.heading!.end);
    case 'bulletList':
    case 'numberedList':
      return at(prefix.indentEnd, prefix.list!.end);
    case 'quote': {
      const marker = /^[ \t]{0,3}>[ \t]?/.exec(line.text)![0];
      return at(0, marker.length);
    }
  }
}

/** The edit that gives a line the action's markup, replacing markup of the same kind (a numbered item becomes a bullet). */
function addition(line: Line, action: LineAction, number: number, onlyBlankLines: boolean): TextChange | null {
  const prefix = linePrefix(line.text);
  const at = (from: number, to: number, insert: string): TextChange => ({ from: line.start + from, to: line.start + to, insert });
  switch (action) {
    case 'heading':
      if (prefix.heading) return at(prefix.heading.start, prefix.heading.end, HEADING);
      return at(prefix.list?.end ?? prefix.indentEnd, prefix.list?.end ?? prefix.indentEnd, HEADING);
    case 'bulletList':
      if (prefix.list?.kind === 'bullet') return null;
      return at(prefix.indentEnd, prefix.list?.end ?? prefix.indentEnd, BULLET);
    case 'numberedList':
      return at(prefix.indentEnd, prefix.list?.end ?? prefix.indentEnd, `${number}. `);
    case 'quote':
      if (prefix.quoteEnd > 0) return null;
      // A bare `>` keeps a blank line inside the quote, so the quote stays one.
      return at(0, 0, isBlank(line) && !onlyBlankLines ? '>' : '> ');
  }
}

/**
 * Toggles a heading, a bulleted or numbered list or a quote on every line the selection touches:
 * off when each of them already has it, on otherwise. Numbers count from 1 over the selection.
 */
export function toggleLinePrefix(text: string, selection: TextSelection, action: LineAction): FormatResult {
  const lines = splitLines(text);
  const { first, last } = touchedLines(lines, selection);
  const targets = targetLines(lines, first, last, action);
  if (targets.length === 0) return unchanged(text, selection);

  const written = targets.filter((line) => !isBlank(line));
  const removing = written.length > 0 && written.every((line) => hasPrefix(line, action));
  const edits: TextChange[] = [];
  targets.forEach((line, index) => {
    const edit = removing ? (hasPrefix(line, action) ? removal(line, action) : null) : addition(line, action, index + 1, written.length === 0);
    if (edit && edit.insert !== text.slice(edit.from, edit.to)) edits.push(edit);
  });
  const empty = selection.start === selection.end;
  // A cursor moves past a new marker; a selection starting at a line's start keeps the whole line.
  return finish(text, edits, (map) => ({
    start: map(selection.start, empty ? 'after' : 'before'),
    end: map(selection.end, 'after'),
  }));
}
