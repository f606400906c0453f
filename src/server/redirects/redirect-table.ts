import { pathKey } from './redirect-address';

export interface RedirectEntry {
  to: string;
  status: number;
}

export interface RedirectHit {
  location: string;
  status: number;
}

/**
 * Every redirect, in memory, so that a page request pays one map lookup (two when it has a query
 * and some redirect matches on one): the table is rebuilt whole from the database when a redirect
 * changes here or on another instance, and swapped in at once.
 */
export class RedirectTable {
  private entries = new Map<string, RedirectEntry>();
  private withQuery = false;

  replace(rows: Iterable<readonly [string, RedirectEntry]>): void {
    const next = new Map(rows);
    this.withQuery = [...next.keys()].some((from) => from.includes('?'));
    this.entries = next;
  }

  get size(): number {
    return this.entries.size;
  }

  has(from: string): boolean {
    return this.entries.has(from);
  }

  /** Where a redirect already leads from `from`, if one does. */
  target(from: string): string | undefined {
    return this.entries.get(from)?.to;
  }

  /**
   * The redirect for a request's URL. A path-only redirect matches whatever query the request
   * carries, and hands that query on to a path of this site (campaign tags survive the move).
   */
  match(url: string): RedirectHit | undefined {
    if (this.entries.size === 0) return undefined;
    const mark = url.indexOf('?');
    const path = pathKey(mark === -1 ? url : url.slice(0, mark));
    const byPath = this.entries.get(path);
    if (byPath) {
      const carry = mark !== -1 && byPath.to.startsWith('/') && !byPath.to.includes('?') && !byPath.to.includes('#');
      return { location: carry ? byPath.to + url.slice(mark) : byPath.to, status: byPath.status };
    }
    if (mark === -1 || !this.withQuery) return undefined;
    const byQuery = this.entries.get(`${path}${url.slice(mark)}`);
    return byQuery && { location: byQuery.to, status: byQuery.status };
  }
}
