import fc from 'fast-check';
import { contentWords, description, summary } from './summary';

const words = (count: number, prefix = 'word') => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

describe('summary', () => {
  it('takes the first 40 words and adds "..."', () => {
    const text = words(50).join(' ');
    expect(summary(text)).toBe(`${words(40).join(' ')}...`);
  });

  it('adds "..." to a post shorter than 40 words too', () => {
    expect(summary('Short and sweet.')).toBe('Short and sweet....');
  });

  it('counts words of the text, not markdown syntax', () => {
    const markdown = [
      '# A heading',
      '',
      'Some **bold** and _italic_ and ~~struck~~ words with a [link](https://example.com "title") and `code`.',
      '',
      '- [x] done item',
      '- plain item',
      '',
      '> quoted text',
      '',
      '| col a | col b |',
      '| ----- | ----- |',
      '| cell1 | cell2 |',
    ].join('\n');
    expect(summary(markdown)).toBe(
      'A heading Some bold and italic and struck words with a link and code. done item plain item quoted text col a col b cell1 cell2...',
    );
  });

  it('strips HTML tags before counting, keeping their text', () => {
    expect(summary('Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to <span class="x">copy</span>.')).toBe('Press Ctrl+C to copy....');
    expect(summary('<div align="center">\n<p>Block <b>html</b></p>\n</div>\n\nThen prose.')).toBe('Block html Then prose....');
  });

  it('drops what is never read as prose: scripts, styles, comments, images, code blocks, footnote notes', () => {
    const markdown = [
      '<script>alert("no")</script>',
      '<style>p { color: red }</style>',
      '<!-- a comment -->',
      '![an image](/uploads/a.webp) Visible text[^1] <script>alert(2)</script>here.',
      '',
      '```js',
      'const hidden = true;',
      '```',
      '',
      '[^1]: The note.',
    ].join('\n');
    expect(summary(markdown)).toBe('Visible text here....');
  });

  it('does not glue words of neighbouring blocks together', () => {
    expect(contentWords('# Title\nFirst paragraph.\n\nSecond.')).toEqual(['Title', 'First', 'paragraph.', 'Second.']);
    expect(contentWords('line one<br>line two')).toEqual(['line', 'one', 'line', 'two']);
  });

  it('keeps text that only looks like markup', () => {
    expect(summary('Use `<div>` and a &lt;b&gt; tag: 1 < 2 & 3 > 2')).toBe('Use <div> and a <b> tag: 1 < 2 & 3 > 2...');
  });

  it('decodes character references', () => {
    expect(summary('Fish &amp; chips &copy; <b>caf&eacute; &#233; &#x41;</b>')).toBe('Fish & chips © café é A...');
  });

  it('counts 40 words across markdown markup', () => {
    const markdown = words(30, 'a').map((w) => `**${w}**`).join(' ') + '\n\n' + words(30, 'b').map((w) => `<em>${w}</em>`).join(' ');
    const result = summary(markdown);
    expect(result).toBe(`${[...words(30, 'a'), ...words(10, 'b')].join(' ')}...`);
    expect(result).not.toMatch(/[*<>]/);
  });
});

describe('raw HTML in the content', () => {
  it('decodes character references inside raw HTML, as a browser shows them', () => {
    expect(summary('<p>caf&eacute;</p>')).toBe('café...');
    expect(summary('<kbd>caf&eacute;</kbd>')).toBe('café...');
    expect(summary('<div>\n<kbd>caf&eacute;</kbd> &amp; cr&egrave;me &#x2014; &hellip;\n</div>')).toBe('café & crème — …...');
    expect(description('<p>Caf&eacute; &laquo;Olé&raquo;</p>')).toBe('Café «Olé»');
  });

  it('reads HTML blocks and the markdown between them', () => {
    const markdown = ['<details><summary>More</summary>', '', 'Hidden *text*.', '', '</details>', '', '<figure><img src="/a.webp" alt="An image"><figcaption>Caption</figcaption></figure>'].join('\n');
    expect(contentWords(markdown)).toEqual(['More', 'Hidden', 'text.', 'Caption']);
  });

  it('leaves out scripts, styles, comments and templates, which the sanitiser removes', () => {
    const markdown = [
      'Start <script>var end = "</p>"; alert(1)</script>middle <style>p::after { content: "x" }</style>end.',
      '',
      '<!-- a comment\n\nover several paragraphs -->',
      '',
      '<template><p>template</p></template>',
      '',
      'Done <!-- inline comment --> here.',
    ].join('\n');
    expect(summary(markdown)).toBe('Start middle end. Done here....');
  });

  // The words come from the tree the post's HTML is made from: the sanitiser unwraps elements
  // whose content is raw text (`<iframe>`, `<textarea>`, `<xmp>`, `<noscript>`), and the page
  // shows that content as text, so the summary does too. The earlier, separate parse hid it, and
  // with it everything after an unclosed `<iframe>` or `<textarea>` that the page does show.
  it('reads what the sanitiser unwraps as the page shows it, up to the end of the paragraph', () => {
    expect(summary('Text before <iframe src=javascript:alert(1)> text after')).toBe('Text before text after...');
    expect(summary('Text before <textarea autofocus onfocus=alert(1)>//INJECTX text after')).toBe('Text before //INJECTX text after...');
    expect(contentWords('<noscript>no script</noscript> <iframe><script>alert(1)</script></iframe>')).toEqual(['no', 'script', '<script>alert(1)</script>']);
  });

  it('keeps what the post page shows, where the sanitiser drops the attribute that would hide it', () => {
    expect(contentWords('<p hidden>shown</p> <dialog>too</dialog>')).toEqual(['shown', 'too']);
  });

  it('ends a word at every block, list item, table cell and line break', () => {
    expect(contentWords('end<p>start</p>')).toEqual(['end', 'start']);
    expect(contentWords('<ul><li>one</li><li>two</li></ul><ol><li>three</li></ol>')).toEqual(['one', 'two', 'three']);
    expect(contentWords('<table><tr><th>a</th><th>b</th></tr><tr><td>c</td><td>d</td></tr></table>')).toEqual(['a', 'b', 'c', 'd']);
    expect(contentWords('<details><summary>title</summary>body</details><dl><dt>term</dt><dd>meaning</dd></dl>')).toEqual(['title', 'body', 'term', 'meaning']);
    expect(contentWords('one<br>two<br/>three<hr>four')).toEqual(['one', 'two', 'three', 'four']);
    expect(contentWords('- one\n- two\n\n|a|b|\n|-|-|\n|c|d|\n\n> quote\n\n1. first\n2. second')).toEqual(['one', 'two', 'a', 'b', 'c', 'd', 'quote', 'first', 'second']);
  });

  it('keeps inline elements inside their word', () => {
    expect(contentWords('<b>bo</b>ld ca<kbd>f</kbd>é <a href="/x">li</a>nk')).toEqual(['bold', 'café', 'link']);
  });

  it('leaves footnote notes out whether or not they hold HTML, and keeps an unused note out too', () => {
    expect(summary('Text[^a] and more.[^b]\n\n[^a]: A <b>note</b>.\n[^b]: <p>Another</p>\n[^c]: Unused.')).toBe('Text and more....');
  });
});

describe('words of any content', () => {
  const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
  /** A word (`@`) as HTML may dress it; no dress adds, removes or splits a word. */
  const htmlDress = ['@', '<b>@</b>', '<kbd>@</kbd>', '<span class="x">@</span>', '<em>@</em><!-- c -->', '<a href="/x">@</a>'];
  /** Markdown syntax counts only outside HTML blocks (inside, the page shows it as it is written). */
  const markdownDress = [...htmlDress, '**@**', '_@_', '~~@~~', '`@`', '[@](https://example.com)'];
  const words = (dresses: string[]) => fc.array(fc.tuple(word, fc.constantFrom(...dresses)), { minLength: 1, maxLength: 8 });
  /** A block (`@`: its words) as markdown or HTML may make it. */
  const block = fc.oneof(
    fc.tuple(words(markdownDress), fc.constantFrom('@', '# @', '- @', '> @', '| @ |\n| - |', '<div>\n\n@\n\n</div>')),
    fc.tuple(words(htmlDress), fc.constantFrom('<p>@</p>', '<ul><li>@</li></ul>', '<table><tr><td>@</td></tr></table>', 'line<br>@')),
  );

  it('are exactly the words written, in order, whatever markup surrounds them', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 6 }), (blocks) => {
        const markdown = blocks.map(([words, form]) => form.replace('@', words.map(([text, dress]) => dress.replace('@', text)).join(' '))).join('\n\n');
        const written = blocks.flatMap(([words, form]) => [...(form.startsWith('line') ? ['line'] : []), ...words.map(([text]) => text)]);
        expect(contentWords(markdown)).toEqual(written);
      }),
    );
  });
});

describe('description', () => {
  it('keeps short text whole and cuts long text at a word boundary', () => {
    expect(description('A *short* post.')).toBe('A short post.');
    const long = description(words(100).join(' '));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/ word\d+…$/);
  });

  it('cuts a single overlong word', () => {
    expect(description('x'.repeat(300), 20)).toBe(`${'x'.repeat(19)}…`);
  });
});

describe('summaries of any content', () => {
  it('follow the content: an edited post is summarised from its own text', () => {
    expect(summary('First draft.')).toBe('First draft....');
    expect(summary('First draft, edited.')).toBe('First draft, edited....');
    expect(description('First draft, edited.')).toBe('First draft, edited.');
  });

  it('serve any length asked', () => {
    const text = words(300).join(' ');
    expect(summary(text, 5)).toBe(`${words(5).join(' ')}...`);
    expect(summary(text, 250)).toBe(`${words(250).join(' ')}...`);
    expect(description(text, 1000)).toBe(`${words(300).join(' ').slice(0, 999).replace(/ \S*$/, '')}…`);
  });
});
