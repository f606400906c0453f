/** A case study is a draft (the owner alone sees it) or published (on /portfolio and its own page). */
export const CASE_STUDY_STATUSES = ['draft', 'published'] as const;

/** The home and portfolio grids' tiles: always four, each a case study or an empty slot. */
export const FEATURED_SLOTS = 4;

/** Results a case study lists at most ("Phone orders: −50 %"). */
export const MAX_RESULTS = 8;
