import { toggleCode } from './code';
import type { FormatResult, TextSelection } from './edits';
import { toggleEmphasis } from './emphasis';
import { toggleLinePrefix } from './line-prefixes';
import { toggleLink } from './link';

export type { FormatResult, TextChange, TextSelection } from './edits';
export { countWords, readingMinutes } from './count-words';

export const FORMAT_ACTIONS = ['bold', 'italic', 'heading', 'link', 'bulletList', 'numberedList', 'quote', 'code'] as const;
export type FormatAction = (typeof FORMAT_ACTIONS)[number];

/**
 * Applies a formatting action to the selection of a markdown text, or takes it off when the
 * selection is already formatted that way. Pure: the caller applies `change` to its text field.
 */
export function formatMarkdown(text: string, selection: TextSelection, action: FormatAction): FormatResult {
  // A textarea reports a backwards selection forwards, but a caller may not.
  const start = Math.max(0, Math.min(selection.start, selection.end, text.length));
  const end = Math.min(text.length, Math.max(selection.start, selection.end, 0));
  const range = { start, end };
  switch (action) {
    case 'bold':
      return toggleEmphasis(text, range, '**');
    case 'italic':
      return toggleEmphasis(text, range, '_');
    case 'link':
      return toggleLink(text, range);
    case 'code':
      return toggleCode(text, range);
    case 'heading':
    case 'bulletList':
    case 'numberedList':
    case 'quote':
      return toggleLinePrefix(text, range, action);
  }
}
