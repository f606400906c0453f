/**
 * The way this visit came in, kept in the running app's memory only (no cookie, no storage) and
 * sent with the contact form, nothing before: the landing page, the referring site's host, the
 * landing address's campaign tags and the pages viewed since, the last 50 of them. The insights
 * beacon fills it as it counts each page (a visitor who asks not to be tracked keeps it empty);
 * the names are the ones the contact call reads.
 */
export const visitSource: {
  landingPath?: string;
  referrerHost?: string;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  viewedPaths: string[];
} = { viewedPaths: [] };
