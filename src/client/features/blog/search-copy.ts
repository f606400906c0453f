/** The search's wording: the form, the counts, and what shows when nothing matches. */
export const searchCopy = {
  heading: 'Search the blog',
  label: 'Search the blog',
  button: 'Search',
  noMatch: (q: string) => `No posts match "${q}".`,
  matches: (total: number, q: string) => `${total === 1 ? '1 post matches' : `${total} posts match`} "${q}".`,
  failed: 'The search failed. Please try again.',
  description: 'Search the articles of the blog by their words, titles and tags.',
} as const;
