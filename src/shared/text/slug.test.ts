import { FALLBACK_SLUG, firstFreeSlug, isSlug, SLUG_MAX_LENGTH, slugCandidate, slugFromTitle } from './slug';

describe('slugFromTitle', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Spaces   everywhere  ', 'spaces-everywhere'],
    ['Crème brûlée à la carte', 'creme-brulee-a-la-carte'],
    ['Ça va? Déjà vu!', 'ca-va-deja-vu'],
    ['Привет мир', 'privet-mir'],
    ['Straße', 'strasse'],
    ['JavaScript Tips & Tricks', 'javascript-tips-and-tricks'],
    ['React 19: what changed in 2025?', 'react-19-what-changed-in-2025'],
    ['C++ -- vs -- C#', 'c-vs-c'],
    ['snake_case and dots.in.names', 'snake-case-and-dots-in-names'],
  ])('%j becomes %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it.each(['日本語のタイトル', '!!!', '🎉🎉', '   ', ''])('gives %j a slug all the same', (title) => {
    expect(slugFromTitle(title)).toBe(FALLBACK_SLUG);
  });

  it('keeps only lower-case ASCII letters, digits and single inner hyphens', () => {
    for (const title of ['Ünïcödé — “quoted” «text»', '<script>alert(1)</script>', '../../etc/passwd', 'a\u0000b\nc\td']) {
      expect(slugFromTitle(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('cuts a long title at a word boundary', () => {
    const slug = slugFromTitle('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^(word-)*word$/);
  });

  it('cuts one overlong word to the limit', () => {
    expect(slugFromTitle('x'.repeat(200))).toBe('x'.repeat(SLUG_MAX_LENGTH));
  });

  it('keeps a word that ends exactly at the limit', () => {
    const title = `${'a'.repeat(SLUG_MAX_LENGTH)} tail`;
    expect(slugFromTitle(title)).toBe('a'.repeat(SLUG_MAX_LENGTH));
  });
});

describe('unique slugs', () => {
  it('numbers candidates from 2', () => {
    expect([1, 2, 3].map((n) => slugCandidate('post', n))).toEqual(['post', 'post-2', 'post-3']);
  });

  it('takes the first free candidate', () => {
    expect(firstFreeSlug('hello', [])).toBe('hello');
    expect(firstFreeSlug('hello', ['hello'])).toBe('hello-2');
    expect(firstFreeSlug('hello', ['hello', 'hello-2', 'hello-4'])).toBe('hello-3');
    // A title that merely ends in a number is not mistaken for a suffix.
    expect(firstFreeSlug('hello', ['hello', 'hello-2025'])).toBe('hello-2');
  });
});

describe('isSlug', () => {
  it.each(['hello', 'hello-2', 'a1-b2'])('accepts %j', (value) => expect(isSlug(value)).toBe(true));
  it.each(['', 'Hello', 'a--b', '-a', 'a-', 'a b', 'a/b', '%00', 'x'.repeat(200)])('refuses %j', (value) =>
    expect(isSlug(value)).toBe(false),
  );
});
