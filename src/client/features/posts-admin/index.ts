// The posts-admin feature's public entry: the post editor's pieces that other editors of markdown
// reuse (the case studies'): the formatting toolbar with its shortcuts and word count, the
// content images, the image upload, and the warning before unsaved changes are left behind.
export { FormatToolbar, useFormatShortcuts, WordCount } from './editor-toolbar';
export { ContentImagePanel } from './content-images/content-image-panel';
export { useContentImages } from './content-images/use-content-images';
export { IMAGE_ACCEPT } from './editor/image-field';
export { useUnsavedChangesWarning } from './editor/use-unsaved-changes-warning';
export { useUploadImageMutation } from './admin-posts-api';
