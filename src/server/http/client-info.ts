import { isIP } from 'node:net';
import Bowser from 'bowser';

/**
 * The client address as the log keeps it: enough to tell home from abroad, not a person's line.
 * IPv4 keeps its first three parts (203.0.113.x), IPv6 its first three groups.
 */
export function shortenAddress(address: string): string {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(plain) === 6) {
    const groups = plain.split('::')[0]!.split(':').filter(Boolean);
    return `${groups.slice(0, 3).join(':') || '0'}::x`;
  }
  return 'unknown';
}

/** "Chrome 131 on Linux", from the User-Agent header; "Unknown browser" when it says nothing usable. */
export function browserName(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const name = parsed.browser.name;
  if (!name) return 'Unknown browser';
  const major = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  return `${name}${major ? ` ${major}` : ''}${os ? ` on ${os}` : ''}`;
}
