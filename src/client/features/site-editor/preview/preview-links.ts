import { paths } from '../../../../shared/paths';

/**
 * Where a link inside the preview leads: the preview of the page it names, when it names a page
 * of this site the preview can draw; null for anything else (another site, a file, the admin area).
 */
export function previewHref(href: string, base: string, isPage: (pathname: string) => boolean): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin || !isPage(url.pathname)) return null;
  return `${paths.adminSitePreview(url.pathname)}${url.search}${url.hash}`;
}

/** The page a preview address shows: `/admin/site/preview/about?x=1` is `/about?x=1`. */
export function previewedPath(pathname: string, search = ''): string {
  const prefix = paths.adminSitePreview('');
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  return `${rest.startsWith('/') ? rest : `/${rest}`}${search}`;
}
