import { escapeHtml } from '../../shared/text/escape-html';

/** Marks the database puts around each match in a snippet; the text never holds them (derived-text.ts). */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';

/**
 * A snippet as the API answers it: every character of the post's text escaped, and the
 * matches inside `<mark>…</mark>`, the one piece of markup it can hold.
 */
export function markSnippet(raw: string): string {
  let open = false;
  let html = '';
  // eslint-disable-next-line no-control-regex -- the two marks are control characters on purpose
  for (const part of raw.split(/([\u0001\u0002])/)) {
    if (part === MATCH_START) {
      if (!open) html += '<mark>';
      open = true;
    } else if (part === MATCH_END) {
      if (open) html += '</mark>';
      open = false;
    } else html += escapeHtml(part);
  }
  return open ? `${html}</mark>` : html;
}
