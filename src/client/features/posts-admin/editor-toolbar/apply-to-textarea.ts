import { formatMarkdown, type FormatAction, type TextChange } from './format-markdown';

/**
 * Replaces a range through the browser's editing commands, which put the edit on the textarea's
 * own undo stack (Ctrl+Z takes the formatting back, and only it). Where they are missing or
 * refuse (jsdom, some older engines), `setRangeText` makes the same edit without undo, and an
 * `input` event tells React about it as typing would.
 */
function replaceRange(textarea: HTMLTextAreaElement, { from, to, insert }: TextChange): void {
  textarea.setSelectionRange(from, to);
  if (editWithUndo(insert)) return;
  textarea.setRangeText(insert, from, to, 'end');
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}

function editWithUndo(insert: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  try {
    // An empty insertText is not a deletion in every engine; `delete` is (the range is never empty here).
    return insert === '' ? document.execCommand('delete', false) : document.execCommand('insertText', false, insert);
  } catch {
    return false;
  }
}

/** Applies a formatting action to a textarea's selection as one edit, selects what the action says, and reports the new text. */
export function applyFormat(textarea: HTMLTextAreaElement, action: FormatAction, onChange: (text: string) => void): void {
  const before = textarea.value;
  const result = formatMarkdown(before, { start: textarea.selectionStart, end: textarea.selectionEnd }, action);
  textarea.focus();
  if (result.text !== before) {
    replaceRange(textarea, result.change);
    if (textarea.value !== result.text) {
      // The engine edited something else than asked (an extension, an input method): set it right.
      textarea.setRangeText(result.text, 0, textarea.value.length, 'end');
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  textarea.setSelectionRange(result.selection.start, result.selection.end);
  if (result.text !== before) onChange(textarea.value);
}
