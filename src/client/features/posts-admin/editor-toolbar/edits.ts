/** A selection in a text, as a textarea's `selectionStart` and `selectionEnd`. */
export interface TextSelection {
  start: number;
  end: number;
}

/** One replacement: the characters from `from` to `to` become `insert`. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/** What a formatting action makes of a text: the new text, what to select in it, and the one change that leads there. */
export interface FormatResult {
  text: string;
  selection: TextSelection;
  /** Replacing `from`–`to` of the old text with `insert` gives `text`; the smallest such range. */
  change: TextChange;
}

/** Which side of text inserted exactly at a position the position keeps to. */
type Side = 'before' | 'after';

export type MapPosition = (position: number, side: Side) => number;

/**
 * Applies non-overlapping edits, and maps positions of the old text into the new one. Edits are
 * taken in order of position; insertions at one point keep the order they were given in.
 */
function applyEdits(text: string, edits: readonly TextChange[]): { text: string; map: MapPosition } {
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  let result = '';
  let copied = 0;
  for (const edit of sorted) {
    // Overlapping edits would make the result depend on their order: a bug in the caller.
    if (edit.from < copied || edit.to < edit.from) throw new Error(`Overlapping edit at ${edit.from}`);
    result += text.slice(copied, edit.from) + edit.insert;
    copied = edit.to;
  }
  result += text.slice(copied);

  const map: MapPosition = (position, side) => {
    let shift = 0;
    for (const edit of sorted) {
      if (edit.from > position) break;
      if (edit.from === position && edit.to === position) {
        if (side === 'after') shift += edit.insert.length;
      } else if (edit.to <= position) {
        shift += edit.insert.length - (edit.to - edit.from);
      } else {
        // Inside replaced text: the position goes to whichever end of the replacement its side says.
        return edit.from + shift + (side === 'after' ? edit.insert.length : 0);
      }
    }
    return position + shift;
  };
  return { text: result, map };
}

/** The smallest single replacement that turns `before` into `after`. */
function changeBetween(before: string, after: string): TextChange {
  const limit = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < limit && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < limit - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  // Never cut a surrogate pair: the browser would insert half a character.
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
  return { from: prefix, to: before.length - suffix, insert: after.slice(prefix, after.length - suffix) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Applies the edits and gives the result, its selection chosen by `select` in the new text's positions. */
export function finish(text: string, edits: readonly TextChange[], select: (map: MapPosition) => TextSelection): FormatResult {
  const applied = applyEdits(text, edits);
  const selection = select(applied.map);
  return { text: applied.text, selection, change: changeBetween(text, applied.text) };
}

/** Nothing to do: the text as it is, the selection as it was. */
export function unchanged(text: string, selection: TextSelection): FormatResult {
  return { text, selection, change: { from: selection.start, to: selection.start, insert: '' } };
}
