import { MAX_TAG_LENGTH, MAX_TAGS } from '../../../../shared/constants';
import { normalizeTagName, tagSlug, tagsProblem } from '../../../../shared/text/tags';

/** What entering a name does to the list: the list it leads to, or why the name was refused. */
export interface TagEntry {
  tags: readonly string[];
  problem: string | null;
}

export const tooManyTags = (name: string) => `A post takes at most ${MAX_TAGS} tags. Remove one to add “${name}”.`;
export const tagTooLong = (length: number) => `A tag is at most ${MAX_TAG_LENGTH} characters; this one has ${length}.`;

/**
 * Adds one typed name to a post's tags by the API's rules (docs/product.md#tags-and-search), so the editor
 * refuses what the server would: an 11th tag, a name over 40 characters, one without a letter
 * or digit. A blank name, or one whose slug the post already has ('react' beside 'React'),
 * changes nothing and is no mistake.
 */
export function addTag(tags: readonly string[], typed: string): TagEntry {
  const name = normalizeTagName(typed);
  if (!name) return { tags, problem: null };
  const slug = tagSlug(name);
  if (slug && tags.some((tag) => tagSlug(tag) === slug)) return { tags, problem: null };
  if (name.length > MAX_TAG_LENGTH) return { tags, problem: tagTooLong(name.length) };
  if (tags.length >= MAX_TAGS) return { tags, problem: tooManyTags(name) };
  const problem = tagsProblem([name]);
  if (problem) return { tags, problem };
  return { tags: [...tags, name], problem: null };
}
