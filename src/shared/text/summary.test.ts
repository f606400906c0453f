import { contentWords, description, summary } from './summary';

const words = (count: number, prefix = 'word') => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

describe('summary', () => {
  it('takes the first 40 words and adds "..."', () => {
    const text = words(50).join(' ');
    expect(summary(text)).toBe(`${words(40).join(' ')}...`);
  });

  it('adds "..." to a post shorter than 40 words too, as the spec says', () => {
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

describe('words kept between renders', () => {
  it('follow the content: an edited post, or one seen long ago, is summarised from its own text', () => {
    expect(summary('First draft.')).toBe('First draft....');
    expect(summary('First draft, edited.')).toBe('First draft, edited....');
    for (let i = 0; i < 500; i++) summary(`Post number ${i}.`);
    expect(summary('First draft.')).toBe('First draft....');
    expect(description('First draft.')).toBe('First draft.');
  });

  it('serve any length asked, within what a summary or description holds and beyond', () => {
    const text = words(300).join(' ');
    expect(summary(text, 5)).toBe(`${words(5).join(' ')}...`);
    expect(summary(text, 250)).toBe(`${words(250).join(' ')}...`);
    expect(description(text, 1000)).toBe(`${words(300).join(' ').slice(0, 999).replace(/ \S*$/, '')}…`);
  });
});
