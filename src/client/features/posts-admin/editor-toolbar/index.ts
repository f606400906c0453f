export { FormatToolbar } from './format-toolbar';
export { useFormatShortcuts } from './use-format-shortcuts';
export { WordCount } from './word-count';
