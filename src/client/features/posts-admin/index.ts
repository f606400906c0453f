// The post editor's public entry: what other editors of the admin area reuse of it (the markdown
// toolbar and its shortcuts, the image upload with its downscaling, the unsaved-changes warning).
export { FormatToolbar, useFormatShortcuts } from './editor-toolbar';
export { useUploadImageMutation } from './admin-posts-api';
export { prepareImage } from './content-images/downscale';
export { IMAGE_ACCEPT } from './editor/image-field';
export { useUnsavedChangesWarning } from './editor/use-unsaved-changes-warning';
