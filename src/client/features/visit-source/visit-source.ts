/**
 * The way this visit came in, kept in the running app's memory only (no cookie, no storage) and
 * sent with the contact form, nothing before: the landing page, the referring site's host, the
 * landing address's campaign tags and the pages viewed since, the last 50 of them.
 */
const viewed: string[] = [];
let landing: string | undefined;
let tags: URLSearchParams | undefined;
let referrer: string | undefined;

/** Called for every page the router shows. */
export function noteView(path: string): void {
  if (!landing) {
    landing = path;
    tags = new URLSearchParams(location.search);
    try {
      const { host } = new URL(document.referrer);
      if (host !== location.host) referrer = host;
    } catch {
      // No referrer, or one that is not an address: a direct visit.
    }
  }
  if (viewed[viewed.length - 1] !== path && viewed.push(path) > 50) viewed.shift();
}

/** The fields the contact form sends beside the message (names as the server reads them). */
export const visitSource = () => ({
  landingPath: landing,
  referrerHost: referrer,
  utmSource: tags?.get('utm_source') ?? undefined,
  utmMedium: tags?.get('utm_medium') ?? undefined,
  utmCampaign: tags?.get('utm_campaign') ?? undefined,
  viewedPaths: viewed,
});
