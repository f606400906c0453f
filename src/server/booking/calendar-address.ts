const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why a busy calendar's address cannot be read, or null. Only `https://` is fetched: a secret
 * calendar address travels in the clear otherwise. Plain `http://` to this machine is allowed
 * only where the app was built to allow it (the tests' own calendar server).
 */
export function calendarAddressProblem(address: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'is not a web address';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must be an https:// address';
}
