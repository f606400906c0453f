/** Leads (docs/product.md#leads): what the inbox, the contact form and the server share. */
import type { Static } from 'typebox';
import { CAMPAIGN_TAG_MAX } from './campaign-tag';
import type { dueLeadSchema, leadChangeSchema, leadSchema, leadsReportSchema } from './contract/leads';

export const LEAD_STATUSES = ['new', 'contacted', 'proposal', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  proposal: 'Proposal sent',
  won: 'Won',
  lost: 'Lost',
};

/**
 * The way a visitor came in, as the contact form sends it beside the message: the same names in
 * JSON and in a plain form (which carries only `landingPath`, the page it was sent from).
 */
export const SOURCE_FIELDS = {
  landingPath: 'landingPath',
  referrerHost: 'referrerHost',
  utmSource: 'utmSource',
  utmMedium: 'utmMedium',
  utmCampaign: 'utmCampaign',
  viewedPaths: 'viewedPaths',
} as const;

export const SOURCE_LIMITS = { viewedPaths: 50, path: 300, host: 253, utm: CAMPAIGN_TAG_MAX } as const;
export const LEAD_NOTE_MAX = 2000;
/** A lead's notes stop here: beyond, the owner deletes the message or starts another. */
export const LEAD_NOTES_PER_LEAD = 200;
/** The source of a lead with neither campaign tag nor referring site. */
export const DIRECT_SOURCE = 'direct';

export type Lead = Static<typeof leadSchema>;
export type LeadChange = Static<typeof leadChangeSchema>;
export type DueLead = Static<typeof dueLeadSchema>;
export type LeadsReport = Static<typeof leadsReportSchema>;
