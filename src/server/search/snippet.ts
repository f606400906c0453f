/** Marks the database puts around each match in a snippet; the text never holds them (derived-text.ts). */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A snippet as the API answers it: every character of the post's text escaped, and the
 * matches inside `<mark>…</mark>`, the one piece of markup it can hold.
 */
export function markSnippet(raw: string): string {
  let open = false;
  let html = '';
  for (const char of raw) {
    if (char === MATCH_START) {
      if (!open) html += '<mark>';
      open = true;
    } else if (char === MATCH_END) {
      if (open) html += '</mark>';
      open = false;
    } else html += ESCAPES[char] ?? char;
  }
  return open ? `${html}</mark>` : html;
}
