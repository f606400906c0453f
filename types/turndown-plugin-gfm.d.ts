/** The part of turndown-plugin-gfm (no types of its own) the import uses. */
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
}
