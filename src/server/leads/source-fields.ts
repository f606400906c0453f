import { DIRECT_SOURCE, SOURCE_FIELDS, SOURCE_LIMITS } from '../../shared/leads';

/** Where a lead came from, bounded: what is stored beside its message. */
export interface LeadSource {
  landingPath: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  viewedPaths: string[];
}

export const NO_SOURCE: LeadSource = { landingPath: null, referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null, viewedPaths: [] };

export type CheckedSource = { ok: true; source: LeadSource } | { ok: false; message: string };

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;
/** Control characters: nothing a campaign tag needs, and nothing to show the owner. */
const CONTROL = /\p{Cc}/gu;

/** A path as `location.pathname` has it, that the route table serves; anything else is dropped. */
function pagePath(value: string, pageTypeOf: (path: string) => string | null): string | null {
  if (!value.startsWith('/') || value.length > SOURCE_LIMITS.path || /[?#\s]/.test(value)) return null;
  try {
    decodeURIComponent(value);
    return pageTypeOf(value) ? value : null;
  } catch {
    return null;
  }
}

function host(value: string): string | null {
  const lower = value.trim().toLowerCase();
  return lower.length <= SOURCE_LIMITS.host && HOST.test(lower) ? lower : null;
}

/** A campaign tag as written, cut to its length (in characters), without control characters. */
function tag(value: string): string | null {
  const clean = [...value.replace(CONTROL, '').trim()].slice(0, SOURCE_LIMITS.utm).join('').trim();
  return clean === '' ? null : clean;
}

/**
 * The source fields of a contact message, checked against their bounds: a value of the wrong
 * type refuses the message (a client bug to hear about); a value that is not a served page, not a
 * host, or too long is dropped or cut, so that a forged source never reaches the database as sent
 * and never costs the visitor their message.
 */
export function checkSource(body: Record<string, unknown>, pageTypeOf: (path: string) => string | null): CheckedSource {
  const text: Partial<Record<Exclude<keyof typeof SOURCE_FIELDS, 'viewedPaths'>, string>> = {};
  for (const field of ['landingPath', 'referrerHost', 'utmSource', 'utmMedium', 'utmCampaign'] as const) {
    const value = body[SOURCE_FIELDS[field]];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') return { ok: false, message: `${field} must be text.` };
    // Read no further than any real value reaches: a megabyte of it costs nothing to drop.
    text[field] = value.slice(0, 4 * SOURCE_LIMITS.host);
  }
  const viewed = body[SOURCE_FIELDS.viewedPaths];
  // A plain form repeats a field for a list; one value arrives as text.
  const list = viewed === undefined || viewed === null ? [] : typeof viewed === 'string' ? [viewed] : viewed;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return { ok: false, message: 'viewedPaths must be a list of page paths.' };
  const viewedPaths = (list as string[])
    .slice(-SOURCE_LIMITS.viewedPaths)
    .map((path) => pagePath(path, pageTypeOf))
    .filter((path): path is string => path !== null);
  const landingPath = text.landingPath === undefined ? null : pagePath(text.landingPath, pageTypeOf);
  return {
    ok: true,
    source: {
      landingPath,
      referrerHost: text.referrerHost === undefined ? null : host(text.referrerHost),
      utmSource: text.utmSource === undefined ? null : tag(text.utmSource),
      utmMedium: text.utmMedium === undefined ? null : tag(text.utmMedium),
      utmCampaign: text.utmCampaign === undefined ? null : tag(text.utmCampaign),
      // Without JavaScript the page the form was sent from is all the visit there is.
      viewedPaths: viewedPaths.length === 0 && landingPath ? [landingPath] : viewedPaths,
    },
  };
}

/** The name a lead's source goes by in Insights: utm_source, else the referring host, else "direct". */
export function sourceLabel(source: Pick<LeadSource, 'utmSource' | 'referrerHost'>): string {
  return source.utmSource?.toLowerCase() ?? source.referrerHost ?? DIRECT_SOURCE;
}
