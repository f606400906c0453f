/** Where the server leaves the state and configuration for the browser: JSON data, never code. */
export const STATE_SCRIPT_ID = 'app-state';

/** What JSON may hold that must not reach a script element's text as it is, and its escape. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON that cannot close its script element or be read as markup, whatever the data holds (one pass over it). */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (char) => ESCAPES[char]!);
}
