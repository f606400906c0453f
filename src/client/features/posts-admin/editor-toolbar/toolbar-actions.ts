import type { FormatAction } from './format-markdown';

export interface ToolbarAction {
  action: FormatAction;
  /** The button's accessible name. */
  label: string;
  /** The letter of its keyboard shortcut with Ctrl (⌘ on Apple devices). */
  key?: 'b' | 'i' | 'k';
}

export const TOOLBAR_ACTIONS: readonly ToolbarAction[] = [
  { action: 'bold', label: 'Bold', key: 'b' },
  { action: 'italic', label: 'Italic', key: 'i' },
  { action: 'heading', label: 'Heading' },
  { action: 'link', label: 'Link', key: 'k' },
  { action: 'bulletList', label: 'Bulleted list' },
  { action: 'numberedList', label: 'Numbered list' },
  { action: 'quote', label: 'Quote' },
  { action: 'code', label: 'Code' },
];

/** How the shortcut reads in a tooltip: Ctrl+B, or ⌘B on Apple devices. */
export function shortcutLabel(key: string, apple: boolean): string {
  return `${apple ? '⌘' : 'Ctrl+'}${key.toUpperCase()}`;
}

/** The shortcut in `aria-keyshortcuts` form, which screen readers announce. */
export function ariaShortcut(key: string, apple: boolean): string {
  return `${apple ? 'Meta' : 'Control'}+${key.toUpperCase()}`;
}

type ShortcutKeys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/**
 * The action a key press asks for, if any. Only the platform's own modifier counts: on a Mac,
 * Ctrl+B moves the cursor back a character and must keep doing so.
 */
export function shortcutAction(event: ShortcutKeys, apple: boolean): FormatAction | null {
  const modifier = apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!modifier || event.altKey || event.shiftKey) return null;
  const key = event.key.toLowerCase();
  return TOOLBAR_ACTIONS.find((entry) => entry.key === key)?.action ?? null;
}
