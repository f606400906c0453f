import slugify from '@sindresorhus/slugify';

/** Longest slug made from a title, before any uniqueness suffix; keeps links readable. */
export const SLUG_MAX_LENGTH = 80;

/** The slug of a title whose letters all fall outside transliteration (emoji, CJK, punctuation). */
export const FALLBACK_SLUG = 'post';

/** Addresses under /blog/ that are pages of their own: no post may take them. */
export const RESERVED_POST_SLUGS: readonly string[] = ['search', 'tag'];

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug a post gets from its title (docs/product.md#slugs): lower-case ASCII letters, digits and
 * single hyphens, accents transliterated, never empty.
 */
export function slugFromTitle(title: string): string {
  // decamelize off: "JavaScript" must not become "java-script".
  const slug = slugify(title, { decamelize: false });
  const clean = truncate(slug).replace(/^-+|-+$/g, '');
  // slugify only keeps [a-z0-9-]; the check guards against a change of its defaults.
  return SLUG_PATTERN.test(clean) ? clean : FALLBACK_SLUG;
}

/** Cut at the last whole word that fits, or mid-word when one word is longer than the limit. */
function truncate(slug: string): string {
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  const lastHyphen = slug.slice(0, SLUG_MAX_LENGTH + 1).lastIndexOf('-');
  return lastHyphen > 0 ? slug.slice(0, lastHyphen) : slug.slice(0, SLUG_MAX_LENGTH);
}

/** The n-th candidate for a base slug: the base itself, then base-2, base-3, … */
export function slugCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}

/** The first candidate for `base` that none of `taken` uses. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  let n = 1;
  while (used.has(slugCandidate(base, n))) n++;
  return slugCandidate(base, n);
}

/** Whether a string has the shape of a slug; anything else can name no post. */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH + 12 && SLUG_PATTERN.test(value);
}
