import type { Paragraph, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** A piece of text that, on its own, reads as one plain paragraph and nothing else. */
function standsAlone(piece: string): boolean {
  const { children } = parse(piece);
  return children.length === 1 && children[0]!.type === 'paragraph';
}

/**
 * Offsets of the line breaks in a paragraph that may become paragraph breaks: those in the
 * paragraph's own text. A break inside emphasis, a link, inline code or inline HTML would cut that
 * construct in two, and an explicit hard break (two spaces or a backslash) is the author asking
 * for a line break, so those stay.
 */
function splittableBreaks(paragraph: Paragraph, source: string): number[] {
  const offsets: number[] = [];
  for (const child of paragraph.children) {
    if (child.type !== 'text') continue;
    const start = child.position!.start.offset!;
    const end = child.position!.end.offset!;
    for (let index = source.indexOf('\n', start); index !== -1 && index < end; index = source.indexOf('\n', index + 1)) {
      offsets.push(index);
    }
  }
  return offsets;
}

/** The paragraph's text with its single line breaks turned into blank lines where that is safe. */
function splitParagraph(text: string, breaks: number[]): string {
  // Pieces between candidate breaks; a piece that would read as something else on its own (a
  // numbered line that would start a list, a link definition…) stays joined to the one before.
  let result = '';
  let pieceStart = 0;
  for (let i = 0; i <= breaks.length; i += 1) {
    const pieceEnd = i < breaks.length ? breaks[i]! : text.length;
    const piece = text.slice(pieceStart, pieceEnd);
    if (i === 0) {
      result = piece;
    } else {
      const trimmed = piece.replace(/^[ \t]+/, '');
      if (standsAlone(trimmed)) result = `${result.replace(/[ \t]+$/, '')}\n\n${trimmed}`;
      else result += `\n${piece}`;
    }
    pieceStart = pieceEnd + 1;
  }
  return result;
}

/**
 * Turns the single line breaks of prose into blank lines, so that each line the author typed
 * becomes its own paragraph (docs/product.md#line-breaks). Only paragraphs at the top level change: fenced and indented
 * code, tables, lists, block quotes, headings and HTML blocks keep every character. Running it
 * on its own output changes nothing, so saving an edited post never damages it.
 */
export function convertLineBreaks(markdown: string): string {
  const source = markdown.replace(/\r\n?/g, '\n');
  const root = parse(source);
  let output = '';
  let copied = 0;
  for (const node of root.children) {
    if (node.type !== 'paragraph') continue;
    const start = node.position!.start.offset!;
    const end = node.position!.end.offset!;
    const breaks = splittableBreaks(node, source).map((offset) => offset - start);
    if (breaks.length === 0) continue;
    output += source.slice(copied, start) + splitParagraph(source.slice(start, end), breaks);
    copied = end;
  }
  return output + source.slice(copied);
}
