import { MAX_TAG_LENGTH, MAX_TAGS } from '../constants';
import { slugFromTitle, FALLBACK_SLUG } from './slug';

/** A tag name as stored: inner runs of white space made one space, none at the ends. */
export function normalizeTagName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/**
 * A tag's slug, by the post-slug rule (docs/product.md#slugs). Empty when the name has no letter
 * or digit that a slug can carry: such a tag would have no address of its own.
 */
export function tagSlug(name: string): string {
  const slug = slugFromTitle(name);
  return slug === FALLBACK_SLUG && !/post/i.test(name) ? '' : slug;
}

/** The names of a comma-separated list (the multipart field), blanks left out, one per slug. */
export function parseTagList(text: string): string[] {
  return uniqueTags(text.split(','));
}

/** Names normalised, blanks dropped, and a second name with the same slug ("react" after "React") dropped. */
function uniqueTags(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of names) {
    const name = normalizeTagName(raw);
    if (!name) continue;
    const key = tagSlug(name) || name;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(name);
  }
  return kept;
}

/** What is wrong with a post's tags, as a sentence naming the field; null when nothing is. */
export function tagsProblem(names: readonly string[]): string | null {
  if (names.length > MAX_TAGS) return `Tags: a post takes at most ${MAX_TAGS} tags (this one has ${names.length}).`;
  for (const name of names) {
    if (name.length > MAX_TAG_LENGTH) return `Tags: each tag is at most ${MAX_TAG_LENGTH} characters ("${name.slice(0, MAX_TAG_LENGTH)}…" has ${name.length}).`;
    if (/[\p{Cc},]/u.test(name)) return `Tags: "${name}" must not contain commas or control characters.`;
    if (!tagSlug(name)) return `Tags: "${name}" needs at least one letter or digit.`;
  }
  return null;
}
