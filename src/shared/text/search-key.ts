/**
 * A visitor's search as the site reads and keys it: runs of white space as one space, trimmed,
 * case folded. The search itself already ignores case and spacing, so `Foo  Bar` and `foo bar`
 * find the same posts; answering them from one cached page and one cached API read keeps a robot
 * from making new work out of spellings of one search. The page shows the search in this form too,
 * so that the server's HTML and the browser's first render of any spelling agree.
 */
export function searchKey(query: string): string {
  return query.replace(/\s+/g, ' ').trim().toLowerCase();
}
