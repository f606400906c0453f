// The post editor's public entry: what other editors of the admin area reuse of it (the markdown
// toolbar with its shortcuts and word count, the content images, the image upload with its
// downscaling, the warning before unsaved changes are left behind).
export { FormatToolbar, useFormatShortcuts, WordCount } from './editor-toolbar';
export { ContentImagePanel } from './content-images/content-image-panel';
export { useContentImages } from './content-images/use-content-images';
export { useUploadImageMutation } from './admin-posts-api';
export { prepareImage } from './content-images/downscale';
export { IMAGE_ACCEPT } from './editor/image-field';
export { useUnsavedChangesWarning } from './editor/use-unsaved-changes-warning';
