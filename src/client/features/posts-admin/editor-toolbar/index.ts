export { FormatToolbar, type FormatToolbarProps } from './format-toolbar';
export { useFormatShortcuts } from './use-format-shortcuts';
export { WordCount, wordCountText } from './word-count';
export { applyFormat } from './apply-to-textarea';
export { shortcutAction, TOOLBAR_ACTIONS, type ToolbarAction } from './toolbar-actions';
export {
  countWords,
  FORMAT_ACTIONS,
  formatMarkdown,
  readingMinutes,
  WORDS_PER_MINUTE,
  type FormatAction,
  type FormatResult,
  type TextChange,
  type TextSelection,
} from './format-markdown';
