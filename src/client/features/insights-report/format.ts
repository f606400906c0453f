import type { Vital } from '../../../shared/insights';

/** Numbers and days in the owner's own locale (the browser's); days are UTC days, as counted. */
export const formatCount = (value: number): string => new Intl.NumberFormat().format(value);

export const formatDay = (day: string): string => new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const seconds = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const milliseconds = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const shift = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** LCP in seconds, INP in milliseconds, CLS unitless, as the Core Web Vitals report them. */
export function formatVital(vital: Vital, value: number): string {
  if (vital === 'lcp') return `${seconds.format(value / 1000)} s`;
  if (vital === 'inp') return `${milliseconds.format(value)} ms`;
  return shift.format(value);
}
