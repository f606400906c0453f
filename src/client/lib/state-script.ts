/** Where the server leaves the state and configuration for the browser: JSON data, never code. */
export const STATE_SCRIPT_ID = 'app-state';

/** JSON that cannot close its script element or be read as markup, whatever the data holds. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
