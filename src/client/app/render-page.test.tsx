/** @jest-environment node */
import { serializeForScript, splitHoisted } from './render-page';

describe('serializeForScript', () => {
  it('keeps a hostile string from closing its script element, and round-trips it', () => {
    const value = { title: '</script><script>alert(1)</script>', other: '<!-- & \u2028 \u2029' };
    const json = serializeForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('splitHoisted', () => {
  it('moves the leading metadata tags into the head and leaves the rest', () => {
    const html = '<title>A | B</title><meta name="description" content="d"/><link rel="canonical" href="x"/><div><title>not hoisted</title></div>';
    expect(splitHoisted(html)).toEqual({
      head: '<title>A | B</title><meta name="description" content="d"/><link rel="canonical" href="x"/>',
      body: '<div><title>not hoisted</title></div>',
    });
  });
});
