import type { SiteContent } from '../contract/site/parts';
import type { SiteProblem } from '../contract/site/api';

/**
 * What must hold before the site's content goes live. Saving a draft takes anything of the right
 * shape, so that a form can be saved half done; publishing runs these and names every field that
 * fails, so that the owner can fix them all in one pass.
 */

/** Fields that may be left empty; every other text must say something. */
const MAY_BE_EMPTY = new Set(['areaServed', 'xAccount', 'srcSet']);

// Plain on purpose, as the accounts' check: one @, something on each side, a dot in the domain.
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}.]+(\.[^\s@\p{Cc}.]+)+$/u;
/** Digits with the separators people write them with; at least seven digits. */
const PHONE = /^\+?[\d\s().\-/]+$/;
/** E.164: a plus, a country code and at most fifteen digits in all. */
const PHONE_INTERNATIONAL = /^\+[1-9]\d{6,14}$/;
const WHATSAPP = /^[1-9]\d{6,14}$/;
const X_ACCOUNT = /^@\w{1,15}$/;
const COUNTRY = /^[A-Z]{2}$/;
/** An address of the site itself: a path, never another host. */
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;

type Check = (value: unknown) => string | null;

const checks: Record<string, Check> = {
  'settings.email': (value) => (typeof value === 'string' && value.length <= 254 && EMAIL.test(value) ? null : 'Enter an e-mail address such as name@example.com.'),
  'settings.phone': (value) =>
    typeof value === 'string' && PHONE.test(value) && value.replace(/\D/g, '').length >= 7 ? null : 'Enter a phone number of digits, spaces, brackets and dashes, such as (202) 555-0147.',
  'settings.phoneInternational': (value) => (typeof value === 'string' && PHONE_INTERNATIONAL.test(value) ? null : 'Enter + and the country code and number, digits only, such as +12025550147.'),
  'settings.whatsapp': (value) => (typeof value === 'string' && WHATSAPP.test(value) ? null : 'Enter the country code and number, digits only, such as 12025550147.'),
  'settings.xAccount': (value) => (value === '' || (typeof value === 'string' && X_ACCOUNT.test(value)) ? null : 'Enter the account as @name, or leave it empty.'),
  'settings.address.country': (value) => (typeof value === 'string' && COUNTRY.test(value) ? null : 'Enter the two capital letters of the country, such as US.'),
  'settings.timeZone': (value) => (typeof value === 'string' && isTimeZone(value) ? null : 'Enter a time zone as the IANA names it, such as America/New_York.'),
};

/** Checks of every field with a name, wherever it is. */
const byName: Record<string, Check> = {
  url: httpsLink('profile'),
  checkoutUrl: httpsLink('checkout'),
  pricePerMonth: (value) => (typeof value === 'number' && Number.isFinite(value) && value > 0 && Math.round(value * 100) === value * 100 ? null : 'Enter a price above 0, with at most two decimals.'),
  link: (value) => (typeof value === 'string' && SITE_PATH.test(value) ? null : 'Enter a page of this site, starting with /, such as /services/seo.'),
};

function httpsLink(what: string): Check {
  return (value) => {
    if (typeof value !== 'string') return `Enter the ${what} link.`;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && value.startsWith('https://') && url.hostname !== '' ? null : `The ${what} link must start with https://.`;
    } catch {
      return `The ${what} link must be an address starting with https://.`;
    }
  };
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

/** Every failing field of the content, with its path and what to do; empty when it can be published. */
export function publishProblems(content: SiteContent): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const visit = (value: unknown, path: string[]): void => {
    const where = path.join('.');
    const name = path.at(-1) ?? '';
    const check = checks[where] ?? byName[name];
    if (typeof value === 'string' && value.trim() === '' && !MAY_BE_EMPTY.has(name)) {
      problems.push({ path: where, message: name === 'alt' ? 'Describe the image for people who cannot see it.' : 'This field is required.' });
      return;
    }
    if (check) {
      const message = check(value);
      if (message) problems.push({ path: where, message });
      return;
    }
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, String(index)]));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
  };
  visit(content, []);
  return problems;
}
