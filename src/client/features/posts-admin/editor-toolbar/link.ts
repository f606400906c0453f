import { finish, unchanged, type FormatResult, type TextChange, type TextSelection } from './edits';
import { codeLines, isBlank, splitLines, touchedLines } from './lines';
import { insideWord, wordEnd, wordStart } from './words';

/** What a new link holds until the writer types over it. */
const LINK_TEXT_PLACEHOLDER = 'link text';
const LINK_URL_PLACEHOLDER = 'https://';

const LINK = /(!?)\[([^[\]]*)\]\(([^()\s]*)\)/g;
const URL_LIKE = /^(?:https?:\/\/|mailto:)[^\s()<>[\]]+$/;

interface Link {
  start: number;
  end: number;
  text: string;
  url: string;
}

function linksIn(text: string): Link[] {
  const links: Link[] = [];
  for (const match of text.matchAll(LINK)) {
    if (match[1]) continue; // an image, not a link
    links.push({ start: match.index, end: match.index + match[0].length, text: match[2]!, url: match[3]! });
  }
  return links;
}

/**
 * What a link leaves behind when it is undone: its text; a link still holding the placeholder
 * text leaves its address (made from a selected address) or, untouched, nothing at all.
 */
function unlinked(link: Link): string {
  if (link.text !== LINK_TEXT_PLACEHOLDER) return link.text;
  return link.url === LINK_URL_PLACEHOLDER ? '' : link.url;
}

function unlink(text: string, selection: TextSelection, links: readonly Link[]): FormatResult {
  const edits: TextChange[] = links.map((link) => ({ from: link.start, to: link.end, insert: unlinked(link) }));
  const from = Math.min(selection.start, links[0]!.start);
  const to = Math.max(selection.end, links.at(-1)!.end);
  return finish(text, edits, (map) => ({ start: map(from, 'before'), end: map(to, 'after') }));
}

/** `[text](https://)` around `from`–`to`, with the address selected for the writer to type over. */
function linkAround(text: string, from: number, to: number): FormatResult {
  const content = text.slice(from, to);
  if (URL_LIKE.test(content)) {
    const edits = [
      { from, to: from, insert: `[${LINK_TEXT_PLACEHOLDER}](` },
      { from: to, to, insert: ')' },
    ];
    return finish(text, edits, () => ({ start: from + 1, end: from + 1 + LINK_TEXT_PLACEHOLDER.length }));
  }
  const edits = [
    { from, to: from, insert: '[' },
    { from: to, to, insert: `](${LINK_URL_PLACEHOLDER})` },
  ];
  const url = to + 1 + 2;
  return finish(text, edits, () => ({ start: url, end: url + LINK_URL_PLACEHOLDER.length }));
}

/**
 * Toggles a link. A selection inside a link, or holding one, unlinks; otherwise the selection (or
 * the word at the cursor) becomes the link's text, up to the first blank line or code block. A
 * selected address becomes the link's address instead.
 */
export function toggleLink(text: string, selection: TextSelection): FormatResult {
  const lines = splitLines(text);
  const code = codeLines(lines);
  const { first, last } = touchedLines(lines, selection);
  if (code.slice(first, last + 1).every(Boolean)) return unchanged(text, selection);

  const { start, end } = selection;
  const touching = linksIn(text).filter((link) =>
    start === end ? link.start < start && start < link.end : link.start < end && start < link.end,
  );
  if (touching.length > 0) return unlink(text, selection, touching);

  // The first run of prose lines: a link cannot span paragraphs, nor take a code block in.
  let firstProse = first;
  while (code[firstProse]) firstProse++;
  let lastProse = firstProse;
  while (lastProse < last && !code[lastProse + 1] && !isBlank(lines[lastProse + 1]!)) lastProse++;
  let from = Math.max(start, lines[firstProse]!.start);
  let to = Math.min(end, lines[lastProse]!.end);
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  if (from < to) return linkAround(text, from, to);
  if (insideWord(text, start)) return linkAround(text, wordStart(text, start), wordEnd(text, start));
  const placeholder = `[${LINK_TEXT_PLACEHOLDER}](${LINK_URL_PLACEHOLDER})`;
  const url = start + placeholder.length - 1 - LINK_URL_PLACEHOLDER.length;
  return finish(text, [{ from: start, to: start, insert: placeholder }], () => ({ start: url, end: url + LINK_URL_PLACEHOLDER.length }));
}
