/** The slice of the Navigation API read here, optional: a browser may not have it (nor jsdom). */
interface NavigationHistory {
  entries(): Array<{ url: string | null; index: number }>;
  currentEntry: { index: number } | null;
}

/**
 * The way this visit came in, read when the visitor sends the contact or booking form and at no other time:
 * the pages of this tab's history on this site up to the current one (the browser keeps them in
 * memory; the site stores nothing, no cookie, no storage), so that it costs a visitor's first
 * load nothing. The first is the landing page, whose address carries the campaign tags; the
 * referrer is the document's, the site that linked to the landing page. Where the browser lacks
 * the Navigation API, the current page is the whole visit. A browser that asks not to be tracked
 * (Do Not Track, Global Privacy Control) sends none of it.
 */
export function visitSource() {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (browser.doNotTrack === '1' || browser.globalPrivacyControl) return {};
  const history = (window as Window & { navigation?: NavigationHistory }).navigation;
  const current = history?.currentEntry?.index ?? 0;
  const urls = (history?.entries() ?? [])
    .filter((entry) => entry.index <= current && entry.url)
    .map((entry) => new URL(entry.url!))
    .filter((url) => url.origin === location.origin);
  const landing = urls[0] ?? new URL(location.href);
  const viewedPaths = (urls.length > 0 ? urls : [landing]).map((url) => url.pathname).filter((path, index, all) => path !== all[index - 1]);
  let referrerHost: string | undefined;
  try {
    const { host } = new URL(document.referrer);
    if (host !== location.host) referrerHost = host;
  } catch {
    // No referrer: a direct visit.
  }
  const tag = (name: string) => landing.searchParams.get(`utm_${name}`) ?? undefined;
  return { landingPath: landing.pathname, referrerHost, utmSource: tag('source'), utmMedium: tag('medium'), utmCampaign: tag('campaign'), viewedPaths: viewedPaths.slice(-50) };
}
