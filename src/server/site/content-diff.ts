import { SITE_PARTS, type SiteContent, type SitePart } from '../../shared/contract/site/parts';

/** At most this many fields are named per part; a longer list ends with "…". */
const MAX_FIELDS = 50;

/** The fields (as dot-separated paths) whose values differ between two versions of a part. */
function changedFields(before: unknown, after: unknown, path: string[] = [], found: string[] = []): string[] {
  if (found.length > MAX_FIELDS) return found;
  const bothLists = Array.isArray(before) && Array.isArray(after);
  const bothObjects = !bothLists && isRecord(before) && isRecord(after);
  if (bothLists && before.length === after.length) {
    before.forEach((item, index) => changedFields(item, after[index], [...path, String(index)], found));
  } else if (bothObjects) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) changedFields(before[key], after[key], [...path, key], found);
  } else if (JSON.stringify(before) !== JSON.stringify(after)) {
    found.push(path.join('.'));
  }
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface PartChange {
  part: SitePart;
  fields: string[];
}

/** What changed from one whole content to another, part by part (unchanged parts left out). */
export function contentChanges(before: SiteContent, after: SiteContent): PartChange[] {
  return SITE_PARTS.flatMap((part) => {
    const fields = changedFields(before[part], after[part]);
    if (fields.length === 0) return [];
    return [{ part, fields: fields.length > MAX_FIELDS ? [...fields.slice(0, MAX_FIELDS), '…'] : fields }];
  });
}

/** Whether a part's two versions say the same. */
export function samePart(a: unknown, b: unknown): boolean {
  return changedFields(a, b).length === 0;
}
