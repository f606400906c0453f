import { MAX_REDIRECT_LENGTH } from '../../shared/contract/redirects';
import { HttpError } from '../http/errors';

/** Addresses the site itself answers in its own way: a redirect from them would hide the API or the admin area. */
const OWN_PREFIXES = ['/api', '/admin', '/healthz', '/readyz', '/assets'];
/** What a path is read against; a path that leaves it names another site. */
const LOCAL_ORIGIN = 'http://site.invalid';

/**
 * The key a request's path is looked up by: without its trailing slash (WordPress permalinks end
 * in one, this site's addresses do not), the root staying `/`. Cheap on purpose: it runs on every
 * page request.
 */
export function pathKey(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

/** A path the owner typed, in the form requests arrive in (percent-encoded), or a 400 saying why not. */
export function redirectSource(input: string): string {
  const url = localUrl(input.trim(), 'From');
  if (url.hash) throw new HttpError(400, 'From: an address to redirect cannot hold a # part; browsers never send it.');
  const path = pathKey(url.pathname);
  if (path === '/' && !url.search) throw new HttpError(400, 'From: the home page cannot be redirected.');
  if (OWN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    throw new HttpError(400, `From: ${path} is an address of the site itself and cannot be redirected.`);
  }
  return `${path}${url.search}`;
}

/**
 * Where a redirect leads: a path of this site (an address on the site's own origin is taken as
 * its path) or an absolute https:// address elsewhere.
 */
export function redirectTarget(input: string, siteUrl: string): string {
  const value = input.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return sitePath(localUrl(value, 'To'), 'To');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new HttpError(400, 'To: give a path of this site (starting with /) or an absolute https:// address.');
  }
  if (url.origin === new URL(siteUrl).origin) return sitePath(url, 'To');
  if (url.protocol !== 'https:') throw new HttpError(400, 'To: an address elsewhere must start with https://.');
  if (url.username || url.password) throw new HttpError(400, 'To: an address with a user name or password is not taken.');
  return url.href;
}

function localUrl(value: string, field: string): URL {
  if (!value.startsWith('/') || value.startsWith('//')) throw new HttpError(400, `${field}: give a path of this site, starting with a single /.`);
  if (value.length > MAX_REDIRECT_LENGTH || /[\p{Cc}\s]/u.test(value)) {
    throw new HttpError(400, `${field}: the path holds spaces or control characters, or is too long.`);
  }
  // Browsers read a backslash as a slash: `/\evil.example` is `//evil.example`, another site.
  if (value.includes('\\')) throw new HttpError(400, `${field}: a path of this site cannot hold a backslash.`);
  let url: URL;
  try {
    url = new URL(value, LOCAL_ORIGIN);
  } catch {
    throw new HttpError(400, `${field}: this is not a valid path.`);
  }
  if (url.origin !== LOCAL_ORIGIN) throw new HttpError(400, `${field}: give a path of this site, starting with a single /.`);
  return url;
}

/**
 * A URL of this site as the redirect stores it. Its path, once `..` and `.` are resolved
 * (`/..//evil.example`), must not start with two slashes: a Location of `//evil.example` is
 * another site's address.
 */
function sitePath(url: URL, field: string): string {
  if (url.pathname.startsWith('//')) throw new HttpError(400, `${field}: a path of this site cannot start with two slashes, even once resolved; browsers read that as another site.`);
  return `${pathKey(url.pathname)}${url.search}${url.hash}`;
}
