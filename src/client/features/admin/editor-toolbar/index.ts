export { FormatToolbar, type FormatToolbarProps } from './FormatToolbar';
export { useFormatShortcuts } from './useFormatShortcuts';
export { WordCount, wordCountText } from './WordCount';
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
