import { escapeXml } from './xml';

it('escapes markup characters and drops what XML cannot carry', () => {
  expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
  expect(escapeXml('bell\u0007 tab\t nul\u0000 lone\uD800 emoji😀')).toBe('bell tab\t nul lone emoji😀');
  expect(escapeXml('https://agency.test/blog/plain-slug')).toBe('https://agency.test/blog/plain-slug');
});
