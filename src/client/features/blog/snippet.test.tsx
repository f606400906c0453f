import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { Snippet } from './snippet';
import { snippetParts, unescapeHtml } from './snippet-parts';

/** What the server does to a snippet's text (docs/product.md#tags-and-search): every markup character escaped. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

it('splits a snippet into text and marked words', () => {
  expect(snippetParts('Fast <mark>websites</mark> for small <mark>shops</mark>.')).toEqual([
    { text: 'Fast ', marked: false },
    { text: 'websites', marked: true },
    { text: ' for small ', marked: false },
    { text: 'shops', marked: true },
    { text: '.', marked: false },
  ]);
  expect(snippetParts('')).toEqual([]);
  // An empty mark joins its neighbours; a mark left open runs to the end.
  expect(snippetParts('a<mark></mark>b <mark>c')).toEqual([
    { text: 'ab ', marked: false },
    { text: 'c', marked: true },
  ]);
});

it('unescapes the entities of the escaped text in one pass, and leaves others alone', () => {
  expect(unescapeHtml('&lt;kbd&gt; &amp; &quot;q&quot; &#39;s&#39; &#x27; &apos;')).toBe(`<kbd> & "q" 's' ' '`);
  // Escaped twice is text that held an entity: one layer comes off.
  expect(unescapeHtml('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
  expect(unescapeHtml('&nbsp; &unknown; &#0; &#xZZ; & alone')).toBe('&nbsp; &unknown; &#0; &#xZZ; & alone');
});

it('draws marks as mark elements and everything else as text', () => {
  const { container } = render(<Snippet snippet={'Use <mark>&lt;kbd&gt;</mark> &amp; <mark>stemming</mark>'} />);
  const paragraph = container.firstElementChild!;
  expect(paragraph.tagName).toBe('P');
  expect(paragraph.textContent).toBe('Use <kbd> & stemming');
  expect([...paragraph.querySelectorAll('*')].map((element) => element.tagName)).toEqual(['MARK', 'MARK']);
  expect(paragraph.querySelector('kbd')).toBeNull();
});

// The public payload lists in test/fixtures/xss (see SOURCE.md there), one payload a line.
const fixtures = path.resolve(__dirname, '../../../../test/fixtures/xss');
const payloadFiles = fs.readdirSync(fixtures).filter((name) => name.endsWith('.txt'));

describe.each(payloadFiles)('every payload of %s', (file) => {
  const payloads = fs
    .readFileSync(path.join(fixtures, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');

  it('stays text in a snippet: no element but mark, no attribute, nothing run', () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    const failures: string[] = [];
    for (const payload of payloads) {
      // As the server sends it (escaped, a match marked), and as a server that forgot to escape would.
      const escaped = escapeHtml(payload);
      for (const [snippet, text] of [
        [`before <mark>${escaped}</mark> after ${escaped}`, `before ${payload} after ${payload}`],
        [payload, null],
      ] as const) {
        const { container, unmount } = render(<Snippet snippet={snippet} />);
        const paragraph = container.firstElementChild!;
        const elements = [...paragraph.querySelectorAll('*')];
        const foreign = elements.filter((element) => element.tagName !== 'MARK' || element.attributes.length > 0);
        if (foreign.length > 0) failures.push(`${payload} → ${foreign.map((element) => element.outerHTML).join(' ')}`);
        if (paragraph.attributes.length > 0) failures.push(`${payload} → attributes on the paragraph`);
        if (text !== null && paragraph.textContent !== text) failures.push(`${payload} → text "${paragraph.textContent}"`);
        unmount();
      }
    }
    expect(failures).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });
});
