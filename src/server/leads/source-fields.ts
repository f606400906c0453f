import { campaignSource, campaignTag } from '../../shared/campaign-tag';
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

/** A referring site as `URL.host` names it: a lower-case host name, and a port if it has one. */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/;

/** Whether `value` is a referring host as the site keeps it (Insights' events are held to it too). */
export const isReferrerHost = (value: string): boolean => value.length <= SOURCE_LIMITS.host && HOST.test(value);

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
  return isReferrerHost(lower) ? lower : null;
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
      utmSource: text.utmSource === undefined ? null : campaignTag(text.utmSource),
      utmMedium: text.utmMedium === undefined ? null : campaignTag(text.utmMedium),
      utmCampaign: text.utmCampaign === undefined ? null : campaignTag(text.utmCampaign),
      // Without JavaScript the page the form was sent from is all the visit there is.
      viewedPaths: viewedPaths.length === 0 && landingPath ? [landingPath] : viewedPaths,
    },
  };
}

/**
 * The name a lead's source goes by in Insights: utm_source (letter case aside), else the referring
 * host, else "direct"; a counted visit's source is named by the same rule (insights/source-totals.ts).
 */
export function sourceLabel(source: Pick<LeadSource, 'utmSource' | 'referrerHost'>): string {
  return source.utmSource !== null ? campaignSource(source.utmSource) : (source.referrerHost ?? DIRECT_SOURCE);
}
