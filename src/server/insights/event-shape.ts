import { campaignTag, CAMPAIGN_TAG_MAX } from '../../shared/campaign-tag';
import { DEVICES, VITALS, type InsightEvent } from '../../shared/insights';
import { isReferrerHost } from '../leads/source-fields';

/** Values no real page reports: the beacon's figures are refused beyond them. */
const LIMITS = { lcp: 120_000, inp: 60_000, cls: 50 } as const;
const MAX_PATH = 300;

export type ParsedEvent = { ok: true; event: InsightEvent } | { ok: false; message: string };

/** A path as a browser's `location.pathname` has it: percent-escapes that decode as UTF-8. */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

const refuse = (message: string): ParsedEvent => ({ ok: false, message });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A beacon's body checked against the route table (`pageTypeOf`): a public path the table
 * knows (whether a post's or a tag's page exists is the database's to say, after this), its own
 * page type, a known device, a referring host and a campaign source as a lead's are kept
 * (leads/source-fields.ts: what the beacon sends is already in that form, so nothing else is
 * taken), and figures a page can have.
 */
export function parseEvent(body: unknown, pageTypeOf: (path: string) => string | null): ParsedEvent {
  if (!isRecord(body)) return refuse('The event must be a JSON object.');
  const { kind, path, type, device } = body;
  if (kind !== 'view' && kind !== 'vitals') return refuse('kind must be "view" or "vitals".');
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > MAX_PATH || /[?#\s]/.test(path)) return refuse('path must be a page path.');
  if (!decodes(path)) return refuse('path must be a page path.');
  let known: string | null;
  try {
    known = pageTypeOf(path);
  } catch {
    known = null;
  }
  if (!known) return refuse('path is not a public page of this site.');
  if (type !== known) return refuse(`type must be the page type of ${path}.`);
  // The list's own strings rather than the body's: events wait up to a second in memory, and
  // the fewer objects they hold there, the less the garbage collector copies.
  const knownDevice = DEVICES.find((name) => name === device);
  if (!knownDevice) return refuse('device must be mobile, tablet or desktop.');
  const base = { path, type: known, device: knownDevice };

  if (kind === 'view') {
    const { ref, utm } = body;
    if (ref !== undefined && (typeof ref !== 'string' || !isReferrerHost(ref))) return refuse('ref must be a host name.');
    if (utm !== undefined && (typeof utm !== 'string' || campaignTag(utm) !== utm)) {
      return refuse(`utm must be a campaign source of 1 to ${CAMPAIGN_TAG_MAX} characters, without control characters or surrounding spaces.`);
    }
    return { ok: true, event: { kind: 'view', ...base, ...(ref ? { ref } : {}), ...(utm ? { utm } : {}) } };
  }

  const figures: Partial<Record<(typeof VITALS)[number], number>> = {};
  for (const vital of VITALS) {
    const value = body[vital];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > LIMITS[vital]) return refuse(`${vital} is out of range.`);
    figures[vital] = value;
  }
  if (Object.keys(figures).length === 0) return refuse('A vitals event needs lcp, inp or cls.');
  return { ok: true, event: { kind: 'vitals', ...base, ...figures } };
}
