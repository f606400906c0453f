/**
 * A visitor's search in the syntax PostgreSQL's websearch_to_tsquery reads (and most search
 * boxes): words must all appear, "quoted words" as a phrase, `-word` or `-"a phrase"` must not,
 * and `or` between two terms makes either do. SQLite's FTS5 has its own syntax, in which a
 * stray quote, a `*` or a column name is an error or an instruction; the query is rebuilt from
 * the parsed terms so that nothing the visitor types is read as FTS5 syntax.
 */
interface SearchTerm {
  /** The term's words (tokens), a phrase when more than one. */
  tokens: string[];
  negated: boolean;
}

/** Terms joined by AND; each group's alternatives by OR. */
export type SearchGroups = SearchTerm[][];

/** A word as the index cuts it: letters and digits, anything else a separator (unicode61's rule). */
function tokensOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** At most this many terms are searched; the rest of a pasted paragraph is ignored. */
const MAX_TERMS = 16;

export function parseSearch(query: string): SearchGroups {
  const groups: SearchGroups = [];
  let pendingOr = false;
  const pattern = /(-?)"([^"]*)"?|(\S+)/g;
  for (const match of query.matchAll(pattern)) {
    const [, minus, phrase, bare] = match;
    if (bare !== undefined && bare.toLowerCase() === 'or') {
      pendingOr = groups.length > 0;
      continue;
    }
    const negated = phrase !== undefined ? minus === '-' : bare!.startsWith('-');
    const tokens = tokensOf(phrase ?? bare!.replace(/^-+/, ''));
    if (tokens.length === 0) continue;
    const term = { tokens, negated };
    const last = groups.at(-1);
    if (pendingOr && last && !negated && !last.some((t) => t.negated)) last.push(term);
    else if (groups.length < MAX_TERMS) groups.push([term]);
    pendingOr = false;
  }
  return groups;
}

/** Whether a search can find anything: a query of exclusions alone names nothing to look for. */
export function hasPositiveTerm(groups: SearchGroups): boolean {
  return groups.some((group) => group.every((term) => !term.negated));
}

const quoted = (term: SearchTerm) => `"${term.tokens.join(' ')}"`;

/** What the terms to find must all match, as FTS5 reads it. */
function positiveFts5(groups: SearchGroups): string {
  const positive = groups
    .filter((group) => group.every((term) => !term.negated))
    .map((group) => (group.length > 1 ? `(${group.map(quoted).join(' OR ')})` : quoted(group[0]!)));
  return `(${positive.join(' AND ')})`;
}

/** The FTS5 expression of a parsed search; null when it can match nothing. */
export function toFts5(groups: SearchGroups): string | null {
  if (!hasPositiveTerm(groups)) return null;
  const negative = groups.filter((group) => group[0]!.negated).map((group) => quoted(group[0]!));
  return [positiveFts5(groups), ...negative].join(' NOT ');
}

/** The terms to find, limited to one column of the index (`title`, `tags`). */
export function toFts5InColumn(groups: SearchGroups, column: string): string | null {
  return hasPositiveTerm(groups) ? `{${column}} : ${positiveFts5(groups)}` : null;
}

/** Whether a search holds a phrase: FTS5's bm25 then counts the phrase in every post, for its weight. */
export function hasPhrase(groups: SearchGroups): boolean {
  return groups.some((group) => group.some((term) => !term.negated && term.tokens.length > 1));
}
