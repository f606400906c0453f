/**
 * Campaign tags (`utm_source`, `utm_medium`, `utm_campaign`) as the site keeps them, one rule for
 * a lead's source and a counted visit's, so that Insights can put leads beside the visitors of the
 * same source. It travels in the beacon: keep it small.
 */

/** A kept tag's length, in characters. */
export const CAMPAIGN_TAG_MAX = 100;
/** No more of a value than this is read: a megabyte of it costs nothing to drop. */
const READ_MAX = 1000;
/** Control characters: nothing a campaign tag needs, and nothing to show the owner. */
const CONTROL = /\p{Cc}/gu;

/** A campaign tag as written, without control characters, trimmed, cut to CAMPAIGN_TAG_MAX characters; null when nothing is left. */
export function campaignTag(value: string): string | null {
  const clean = [...value.slice(0, READ_MAX).replace(CONTROL, '').trim()].slice(0, CAMPAIGN_TAG_MAX).join('').trim();
  return clean === '' ? null : clean;
}

/** The source a kept `utm_source` names, as leads and visits are grouped by it: letter case aside. */
export const campaignSource = (tag: string): string => tag.toLowerCase();
