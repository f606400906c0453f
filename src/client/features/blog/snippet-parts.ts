/** A run of a search snippet's text, marked when it is one of the matched words. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The character an entity stands for; an entity of another kind stays as it was written. */
function unescapeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return ENTITIES[body] ?? entity;
}

/** The text an HTML-escaped string stands for, in one pass, so `&amp;lt;` reads `&lt;`. */
export function unescapeHtml(escaped: string): string {
  return escaped.replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);/g, unescapeEntity);
}

/**
 * The parts of a search snippet (docs/product.md#tags-and-search): HTML-escaped text in which `<mark>` and
 * `</mark>` are the only markup. Split on those two markers, each part unescaped into plain text,
 * so the page draws them as text nodes and mark elements and never parses the snippet as HTML:
 * whatever the post held, nothing in it can become an element or an attribute.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece) {
      const text = unescapeHtml(piece);
      const last = parts[parts.length - 1];
      // Two runs of the same kind side by side (an empty mark between them) read as one.
      if (last && last.marked === marked) last.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
}
