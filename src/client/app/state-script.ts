/** Where the server leaves the state and configuration for the browser: JSON data, never code. */
export const STATE_SCRIPT_ID = 'app-state';
