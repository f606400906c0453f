import fc from 'fast-check';
import { convertLineBreaks } from './line-breaks';

describe('convertLineBreaks', () => {
  it('turns each single line break of prose into a blank line', () => {
    expect(convertLineBreaks('First line\nSecond line\nThird line')).toBe('First line\n\nSecond line\n\nThird line');
  });

  it('leaves paragraphs already separated by blank lines as they are', () => {
    const text = 'One paragraph.\n\nAnother one.\n';
    expect(convertLineBreaks(text)).toBe(text);
  });

  it('reads Windows line endings as line breaks', () => {
    expect(convertLineBreaks('a\r\nb')).toBe('a\n\nb');
  });

  it('drops the indentation and trailing spaces around a converted break, so no code block appears', () => {
    expect(convertLineBreaks('Intro \n    indented continuation')).toBe('Intro\n\nindented continuation');
  });

  it('keeps fenced code exactly, blank lines and all', () => {
    const text = 'Before\nthe code:\n\n```ts\nconst a = 1;\nconst b = 2;\n\n\nreturn a + b;\n```\n\nAfter\nit.';
    expect(convertLineBreaks(text)).toBe('Before\n\nthe code:\n\n```ts\nconst a = 1;\nconst b = 2;\n\n\nreturn a + b;\n```\n\nAfter\n\nit.');
  });

  it('keeps tables, even one that follows a paragraph directly', () => {
    const table = '| Plan | Price |\n| --- | ---: |\n| Starter | $250 |\n| Pro | $750 |';
    expect(convertLineBreaks(table)).toBe(table);
    expect(convertLineBreaks(`Our prices\nbelow:\n${table}\n`)).toBe(`Our prices\n\nbelow:\n${table}\n`);
  });

  it('keeps lists, block quotes with lazy lines, headings and HTML blocks', () => {
    const text = [
      '- one\n- two\n  continued',
      '1. first\n2. second',
      '> quoted\nlazy line',
      'Setext heading\n===',
      '<div>\nraw\nhtml\n</div>',
      '    indented\n    code',
      '[^1]: A footnote\n    that goes on.',
    ].join('\n\n');
    expect(convertLineBreaks(text)).toBe(text);
  });

  it('does not cut emphasis, links, inline code or inline HTML in two', () => {
    const text = 'Some *emphasised\ntext*, a [link\ntext](https://example.com), `code\nspan` and <span\nclass="x">html</span>.';
    expect(convertLineBreaks(text)).toBe(text);
  });

  it('keeps explicit hard breaks (backslash or two spaces) as line breaks', () => {
    expect(convertLineBreaks('Street 1\\\nTown')).toBe('Street 1\\\nTown');
    expect(convertLineBreaks('Street 1  \nTown')).toBe('Street 1  \nTown');
  });

  it('does not turn a line into a list or a link definition by setting it apart', () => {
    expect(convertLineBreaks('We grew in\n2. quarter\nand then')).toBe('We grew in\n2. quarter\n\nand then');
    expect(convertLineBreaks('See\n[x]: https://example.com')).toBe('See\n[x]: https://example.com');
  });

  it('is idempotent on hand-picked texts', () => {
    for (const text of ['a\nb\nc', 'We grew in\n2. quarter\nand then', 'x  \ny\nz', '| a |\n| - |\n| 1 |\ntext\nmore']) {
      const once = convertLineBreaks(text);
      expect(convertLineBreaks(once)).toBe(once);
    }
  });

  const line = fc.constantFrom(
    'Plain words',
    'more prose here',
    '    indented',
    '- item',
    '2. numbered',
    '1. first',
    '> quote',
    '```',
    '~~~js',
    '| a | b |',
    '| - | - |',
    '***',
    '===',
    '---',
    '# Heading',
    '<div>',
    '</div>',
    '*open',
    'close*',
    '`tick',
    'end`',
    'ends with backslash\\',
    'two spaces  ',
    '[ref]: https://example.com',
    '[^1]: note',
    '',
    ' ',
  );

  it('is idempotent on any mix of markdown lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 14 }), (lines) => {
        const once = convertLineBreaks(lines.join('\n'));
        expect(convertLineBreaks(once)).toBe(once);
      }),
      { numRuns: 250 },
    );
  });

  it('never changes the text of a fenced code block', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.array(line.filter((l) => !l.startsWith('```')), { maxLength: 6 }), (before, code) => {
        const fence = `\`\`\`\n${code.join('\n')}\n\`\`\``;
        const text = `${before.join('\n')}\n\n${fence}\n`;
        // The fence is closed and preceded by a blank line, so whatever comes before it cannot reach into it.
        if (before.some((l) => l.startsWith('```') || l.startsWith('~~~') || l.startsWith('<div>') || l.startsWith('    '))) return;
        expect(convertLineBreaks(text)).toContain(fence);
      }),
      { numRuns: 200 },
    );
  });
});
