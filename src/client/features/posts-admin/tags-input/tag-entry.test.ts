import { addTag, tagTooLong, tooManyTags } from './tag-entry';

const ten = Array.from({ length: 10 }, (_, i) => `Tag ${i + 1}`);

it('adds a name, its spaces tidied', () => {
  expect(addTag(['React'], '  Web   design ')).toEqual({ tags: ['React', 'Web design'], problem: null });
});

it('changes nothing for a blank name or one the post already has by its slug', () => {
  expect(addTag(['React'], '   ')).toEqual({ tags: ['React'], problem: null });
  expect(addTag(['React'], 'react')).toEqual({ tags: ['React'], problem: null });
});

it('refuses an 11th tag and a name over 40 characters, as the API does', () => {
  expect(addTag(ten, 'Eleven')).toEqual({ tags: ten, problem: tooManyTags('Eleven') });
  expect(addTag(ten, 'Tag 3').problem).toBeNull();
  expect(addTag([], 'x'.repeat(40))).toEqual({ tags: ['x'.repeat(40)], problem: null });
  expect(addTag([], 'x'.repeat(41))).toEqual({ tags: [], problem: tagTooLong(41) });
});

it('refuses a name without a letter or digit', () => {
  expect(addTag([], '!!!').problem).toMatch(/^Tags: "!!!" needs at least one letter or digit\.$/);
});
