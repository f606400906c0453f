/**
 * The routes a path can match, found by its first segment. react-router flattens, ranks and
 * compiles every route of the list it is given on every match (there is no cache), which for the
 * whole table was some tenth of an uncached render; given only the candidates, it does that work
 * for two or three. A route whose first segment is fixed (`/blog/:slug`) can only match a path
 * with that first segment, compared as react-router does (decoded, any case); the others (`*`,
 * `/:param`) are candidates for every path. The candidates keep the table's order, so the ranking
 * among them (score, then order) is the whole table's.
 */
export function routeIndex<T>(items: readonly T[], pathOf: (item: T) => string): (pathname: string) => readonly T[] {
  const anywhere = items.filter((item) => fixedFirstSegment(pathOf(item)) === undefined);
  const byKey = new Map<string, T[]>();
  for (const item of items) {
    const key = fixedFirstSegment(pathOf(item));
    if (key !== undefined && !byKey.has(key)) byKey.set(key, items.filter((other) => other === item || fixedFirstSegment(pathOf(other)) === key || anywhere.includes(other)));
  }
  return (pathname) => byKey.get(firstSegment(pathname)) ?? anywhere;
}

function fixedFirstSegment(path: string): string | undefined {
  const segment = path.replace(/^\/+/, '').split('/')[0]!;
  return segment.startsWith(':') || segment.includes('*') ? undefined : segment.toLowerCase();
}

function firstSegment(pathname: string): string {
  const segment = pathname.replace(/^\/+/, '').split('/')[0]!;
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}
