import type { UploadedImage } from '../admin-posts-api';

/** Alt text as markdown keeps it: one line, brackets and backslashes escaped. */
function escapeAlt(alt: string): string {
  return alt.replace(/\s+/g, ' ').trim().replace(/[\\[\]]/g, '\\$&');
}

/**
 * `![alt](url#WxH)`: the fragment carries the image's intrinsic size, which the renderer gives
 * the element so that the page does not move as it loads (the server never sees a fragment).
 */
export function imageMarkdown(image: UploadedImage, alt: string): string {
  return `![${escapeAlt(alt)}](${image.url}#${image.width}x${image.height})`;
}

/** The text with the image on a paragraph of its own at `at`, and where the cursor goes after it. */
export function insertImage(text: string, at: { start: number; end: number }, markdown: string): { text: string; cursor: number } {
  const before = text.slice(0, at.start);
  const after = text.slice(at.end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = `${lead}${markdown}${trail}`;
  return { text: before + inserted + after, cursor: before.length + lead.length + markdown.length };
}
