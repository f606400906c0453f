import { MAX_DESCRIPTION_LENGTH, MAX_IMAGE_ALT_LENGTH } from '../constants';

/** The post's optional search and share fields, as the API names them. */
export type ShareField = 'description' | 'imageAlt';

const SHARE_FIELD_LIMITS: Record<ShareField, number> = {
  description: MAX_DESCRIPTION_LENGTH,
  imageAlt: MAX_IMAGE_ALT_LENGTH,
};

const LABELS: Record<ShareField, string> = { description: 'Description', imageAlt: 'Image alt text' };

/** As stored: one line, inner runs of white space made one space, none at the ends. */
export function normalizeShareField(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Characters as a reader counts them (an emoji is one), the measure of the limits. */
export function characterCount(text: string): number {
  return [...text].length;
}

/**
 * What is wrong with a normalised field, as a sentence naming it; null when nothing is. Over the
 * limit is refused, never cut: the owner decides what the shorter text says.
 */
export function shareFieldProblem(field: ShareField, text: string): string | null {
  const limit = SHARE_FIELD_LIMITS[field];
  const length = characterCount(text);
  if (length > limit) return `${LABELS[field]} (${field}) must be at most ${limit} characters (this one has ${length}).`;
  if (/\p{Cc}/u.test(text)) return `${LABELS[field]} (${field}) must not contain control characters.`;
  return null;
}
