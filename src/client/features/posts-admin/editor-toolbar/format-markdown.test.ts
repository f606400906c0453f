import fc from 'fast-check';
import { countWords, FORMAT_ACTIONS, formatMarkdown, readingMinutes, type FormatAction, type TextSelection } from './format-markdown';

/**
 * Texts with their selection marked: «selected» or a cursor |. The same marks show the result, so
 * each case reads as before → after.
 */
function parse(marked: string): { text: string; selection: TextSelection } {
  const cursor = marked.indexOf('|');
  if (cursor !== -1) return { text: marked.replace('|', ''), selection: { start: cursor, end: cursor } };
  const start = marked.indexOf('«');
  const end = marked.indexOf('»') - 1;
  if (start === -1 || end < start) throw new Error(`No selection marked in ${JSON.stringify(marked)}`);
  return { text: marked.replace('«', '').replace('»', ''), selection: { start, end } };
}

function mark(text: string, { start, end }: TextSelection): string {
  if (start === end) return `${text.slice(0, start)}|${text.slice(start)}`;
  return `${text.slice(0, start)}«${text.slice(start, end)}»${text.slice(end)}`;
}

function format(marked: string, action: FormatAction): string {
  const { text, selection } = parse(marked);
  const result = formatMarkdown(text, selection, action);
  // The toolbar applies nothing but the change, so the change alone must lead to the result.
  const { from, to, insert } = result.change;
  expect(text.slice(0, from) + insert + text.slice(to)).toBe(result.text);
  return mark(result.text, result.selection);
}

/** Each case both ways: applying gives `after`, and pressing again on the result gives the text of `before` back. */
function toggles(action: FormatAction, cases: readonly (readonly [string, string])[]) {
  it.each(cases)('%j ⇄ %j', (before, after) => {
    expect(format(before, action)).toBe(after);
    expect(parse(format(after, action)).text).toBe(parse(before).text);
  });
}

describe('formatMarkdown', () => {
  describe('bold', () => {
    toggles('bold', [
      ['a «word» here', 'a **«word»** here'],
      ['«two words»', '**«two words»**'],
      ['a | b', 'a **|** b'],
      ['a wo|rd b', 'a **wo|rd** b'],
      ['«one\ntwo»', '**«one**\n**two»**'],
      ['«- one\n- two»', '- **«one**\n- **two»**'],
      ['«# Title»', '# **«Title»**'],
      ['«one\n\ntwo»', '**«one**\n\n**two»**'],
    ]);

    it('removes the markers when the selection takes them in', () => {
      expect(format('a «**word**» here', 'bold')).toBe('a «word» here');
      expect(format('«**word»**', 'bold')).toBe('«word»');
    });

    it('removes the emphasis the selection or the cursor is inside', () => {
      expect(format('**big «bold» text**', 'bold')).toBe('big «bold» text');
      expect(format('**big bo|ld text**', 'bold')).toBe('big bo|ld text');
      expect(format('**big |bold**', 'bold')).toBe('big |bold');
    });

    it('takes a selection ending or starting inside a word to the word’s edge', () => {
      expect(format('the «quick bro»wn fox', 'bold')).toBe('the **«quick brown»** fox');
      expect(format('the qu«ick» fox', 'bold')).toBe('the **«quick»** fox');
      expect(format('it «isn»’t so', 'bold')).toBe('it **«isn’t»** so');
    });

    it('keeps spaces at the ends of the selection outside the markers', () => {
      expect(format('«word »next', 'bold')).toBe('**«word»** next');
      expect(format('a« »b', 'bold')).toBe('a**|** b');
    });

    it('merges the emphasis a selection partly covers instead of nesting markers', () => {
      expect(format('«**a** and **b**»', 'bold')).toBe('**«a and b»**');
      expect(format('**a «b** c»', 'bold')).toBe('**«a b c»**');
    });

    it('emphasises the lines that are not yet, when some are', () => {
      expect(format('«**one**\ntwo»', 'bold')).toBe('«**one**\n**two»**');
    });

    it('leaves code blocks out of a selection that spans a fence', () => {
      const before = '«intro\n```\ncode\n```\noutro»';
      const after = '**«intro**\n```\ncode\n```\n**outro»**';
      expect(format(before, 'bold')).toBe(after);
      expect(format(after, 'bold')).toBe(before);
    });

    it('does nothing inside a code block, where markers would show as they are', () => {
      expect(format('```\nco|de\n```', 'bold')).toBe('```\nco|de\n```');
      expect(format('```\n«code»\n```', 'bold')).toBe('```\n«code»\n```');
    });
  });

  describe('italic', () => {
    toggles('italic', [
      ['a «word» b', 'a _«word»_ b'],
      ['a | b', 'a _|_ b'],
      ['a wo|rd b', 'a _wo|rd_ b'],
      ['call «snake_case» now', 'call _«snake_case»_ now'],
      ['un«believ»able', '_«unbelievable»_'],
      ['«one\ntwo»', '_«one_\n_two»_'],
    ]);

    it('does not take bold markers for italic ones', () => {
      expect(format('**«word»**', 'italic')).toBe('**_«word»_**');
    });
  });

  describe('heading', () => {
    toggles('heading', [
      ['Ti|tle', '## Ti|tle'],
      ['«one\ntwo»', '«## one\n## two»'],
      ['|', '## |'],
      ['> - «item»', '> - «## item»'],
      ['«one\n»two', '«## one\n»two'],
    ]);

    it('makes a heading of another level a level-2 one', () => {
      expect(format('### Ti|tle', 'heading')).toBe('## Ti|tle');
    });

    it('adds the heading where it is missing when some lines have it', () => {
      expect(format('«## one\ntwo»', 'heading')).toBe('«## one\n## two»');
    });

    it('leaves blank lines and code blocks as they are', () => {
      expect(format('«a\n\n```\ncode\n```\nb»', 'heading')).toBe('«## a\n\n```\ncode\n```\n## b»');
    });
  });

  describe('bulleted list', () => {
    toggles('bulletList', [
      ['«one\ntwo»', '«- one\n- two»'],
      ['|', '- |'],
      ['> |quoted', '> - |quoted'],
      ['«one\n\ntwo»', '«- one\n\n- two»'],
      ['«  nested»', '«  - nested»'],
    ]);

    it('turns numbered items into bullets and keeps bullets written with another marker', () => {
      expect(format('«1. one\n2. two»', 'bulletList')).toBe('«- one\n- two»');
      expect(format('«* one\ntwo»', 'bulletList')).toBe('«* one\n- two»');
    });
  });

  describe('numbered list', () => {
    toggles('numberedList', [
      ['«a\nb\nc»', '«1. a\n2. b\n3. c»'],
      ['«a\n\nb»', '«1. a\n\n2. b»'],
      ['it|em', '1. it|em'],
    ]);

    it('numbers the selected lines from 1, replacing other list markers', () => {
      expect(format('«5. a\n- b\nc»', 'numberedList')).toBe('«1. a\n2. b\n3. c»');
    });

    it('removes the numbers when every line has one, however they were numbered', () => {
      expect(format('«3. a\n3. b»', 'numberedList')).toBe('«a\nb»');
    });
  });

  describe('quote', () => {
    toggles('quote', [
      ['te|xt', '> te|xt'],
      ['«a\n\nb»', '«> a\n>\n> b»'],
      ['«```\ncode\n```»', '«> ```\n> code\n> ```»'],
      ['|', '> |'],
    ]);

    it('quotes the lines that are not quoted yet, when some are', () => {
      expect(format('«> a\nb»', 'quote')).toBe('«> a\n> b»');
    });

    it('takes off one level of a nested quote', () => {
      expect(format('> > de|ep', 'quote')).toBe('> de|ep');
    });
  });

  describe('link', () => {
    toggles('link', [
      ['see «docs» now', 'see [docs](«https://») now'],
      ['go «https://example.com» now', 'go [«link text»](https://example.com) now'],
      ['«two\nlines»', '[two\nlines](«https://»)'],
    ]);

    it('inserts a placeholder link with its address selected, and takes it back', () => {
      expect(format('a | b', 'link')).toBe('a [link text](«https://») b');
      expect(format('a [link text](«https://») b', 'link')).toBe('a | b');
    });

    it('links the word the cursor is in', () => {
      expect(format('see do|cs', 'link')).toBe('see [docs](«https://»)');
    });

    it('unlinks when the cursor or the selection is inside a link, or takes one in', () => {
      expect(format('a [do|cs](https://x.y) b', 'link')).toBe('a «docs» b');
      expect(format('«a [docs](https://x.y) b»', 'link')).toBe('«a docs b»');
    });

    it('keeps a link within one paragraph and out of code blocks', () => {
      expect(format('«one\n\ntwo»', 'link')).toBe('[one](«https://»)\n\ntwo');
      expect(format('«one\n```\ncode\n```»', 'link')).toBe('[one](«https://»)\n```\ncode\n```');
    });
  });

  describe('code', () => {
    toggles('code', [
      ['run «npm test» now', 'run `«npm test»` now'],
      ['a | b', 'a `|` b'],
      ['a fo|o b', 'a `fo|o` b'],
      ['use «a`b»', 'use ``«a`b»``'],
      ['«`tick»', '`` «`tick» ``'],
      ['«one\ntwo»', '```\n«one\ntwo»\n```'],
      ['«line\n»next', '```\n«line»\n```\nnext'],
      ['«\none\n\n»', '\n```\n«one»\n```\n\n'],
    ]);

    it('removes the fences of the block the cursor or selection is in', () => {
      expect(format('```js\nco|de\n```', 'code')).toBe('co|de');
      expect(format('```\n«a\nb»\n```\nafter', 'code')).toBe('«a\nb»\nafter');
      expect(format('before\n```\n|\n```', 'code')).toBe('before\n|');
    });

    it('takes a block the selection reaches into in whole, fencing it with a longer fence', () => {
      const before = '«intro\n```\ncode»\n```';
      const after = '````\n«intro\n```\ncode\n```»\n````';
      expect(format(before, 'code')).toBe(after);
      expect(format(after, 'code')).toBe('«intro\n```\ncode\n```»');
    });

    it('unwraps a block that was never closed', () => {
      expect(format('text\n```\nco|de', 'code')).toBe('text\nco|de');
    });

    it('merges the code spans a selection partly covers', () => {
      expect(format('«`a` b»', 'code')).toBe('`«a b»`');
    });
  });

  it('accepts a selection given backwards or beyond the text', () => {
    expect(formatMarkdown('word', { start: 4, end: 0 }, 'bold').text).toBe('**word**');
    expect(formatMarkdown('word', { start: 0, end: 99 }, 'bold').text).toBe('**word**');
  });

  describe('properties', () => {
    // Characters of prose and block markup, but none of the inline markers (* _ ` ~ [ ] ( )) and no
    // `!`, which would make a link an image.
    const prose = fc
      .array(fc.constantFrom(...'ab Zé1\n\t #->.,:/?\'"’😀'.split(/(?:)/u)), { maxLength: 40 })
      .map((chars) => chars.join(''));
    const withSelection = (text: fc.Arbitrary<string>) =>
      text.chain((value) =>
        fc.tuple(fc.constant(value), fc.nat({ max: value.length }), fc.nat({ max: value.length })).map(([text, a, b]) => ({
          text,
          selection: { start: Math.min(a, b), end: Math.max(a, b) },
        })),
      );

    it.each(['bold', 'italic', 'code', 'link'] as const)('%s, pressed again on its result, gives the text back', (action) => {
      fc.assert(
        fc.property(withSelection(prose), ({ text, selection }) => {
          const applied = formatMarkdown(text, selection, action);
          expect(applied.text).not.toBe(text);
          expect(formatMarkdown(applied.text, applied.selection, action).text).toBe(text);
        }),
        { numRuns: 500 },
      );
    });

    // Lines of words only: a line that started with markup could be taken for the line's prefix.
    // No line of spaces alone either: quoting one gives `>` before its spaces, and unquoting takes
    // one of them along with the marker.
    const lines = fc
      .array(fc.constantFrom(...'ab Zé\n\t.,'.split('')), { maxLength: 30 })
      .map((chars) => chars.join(''))
      .filter((text) => !/^[ \t]+$/m.test(text));
    it.each(['heading', 'bulletList', 'numberedList', 'quote'] as const)('%s, pressed again on its result, gives the text back', (action) => {
      fc.assert(
        fc.property(withSelection(lines), ({ text, selection }) => {
          const applied = formatMarkdown(text, selection, action);
          expect(formatMarkdown(applied.text, applied.selection, action).text).toBe(text);
        }),
        { numRuns: 300 },
      );
    });

    it('never loses text: on any markdown the change leads to the result and the selection stays inside it', () => {
      const markdown = fc
        .array(fc.constantFrom('a', 'b', ' ', '\n', '*', '**', '_', '`', '```', '~~~', '[', ']', '(', ')', '#', '- ', '1. ', '> ', '!', '\\'), {
          maxLength: 30,
        })
        .map((pieces) => pieces.join(''));
      fc.assert(
        fc.property(withSelection(markdown), fc.constantFrom(...FORMAT_ACTIONS), ({ text, selection }, action) => {
          const { text: result, change, selection: after } = formatMarkdown(text, selection, action);
          expect(text.slice(0, change.from) + change.insert + text.slice(change.to)).toBe(result);
          expect(0 <= after.start && after.start <= after.end && after.end <= result.length).toBe(true);
          // Formatting adds or takes away markup only: the letters stay, in their order, but for
          // the language named on a fence, which goes with the fences it belongs to.
          const letters = (value: string) => value.replace(/[^ab]/g, '');
          const withoutLanguages = text.replace(/^( {0,3}(?:`{3,}|~{3,})).*$/gm, '$1');
          expect(isSubsequence(letters(result), letters(text))).toBe(true);
          expect(isSubsequence(letters(withoutLanguages), letters(result))).toBe(true);
        }),
        { numRuns: 1000 },
      );
    });
  });
});

function isSubsequence(part: string, whole: string): boolean {
  let index = 0;
  for (const char of whole) if (char === part[index]) index++;
  return index === part.length;
}

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   \n ', 0],
    ['one two  three', 3],
    ['# Heading\n\nSome **bold** and _italic_ text', 6],
    ['- one\n- two\n1. three\n> - four', 4],
    ['> quoted words', 2],
    ['[link text](https://example.com/a/long/path)', 2],
    ['![alt text](a.png) word', 1],
    ['```js\nconst x = 1;\n```', 3],
    ['— * # > -', 0],
    ['don’t stop, e.g. now', 4],
    ['a <kbd>Ctrl</kbd> key', 3],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});

describe('readingMinutes', () => {
  it.each([
    [0, 0],
    [1, 1],
    [230, 1],
    [231, 2],
    [460, 2],
    [1000, 5],
  ])('%i words take %i min', (words, minutes) => {
    expect(readingMinutes(words)).toBe(minutes);
  });
});
