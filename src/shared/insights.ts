/**
 * Insights (docs/product.md#insights): what the beacon sends, what the owner's page reads, and
 * the Core Web Vitals thresholds both sides judge by.
 */
export const EVENTS_PATH = '/api/events';
/** A beacon is a few hundred bytes; anything over 2 kB is refused. */
export const EVENT_BODY_LIMIT = 2048;
export const INSIGHT_RANGES = [7, 30, 90] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** A viewport's class by its CSS width: phones below 768 px, tablets below 1,024 px. */
export function deviceOf(width: number): Device {
  return width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop';
}

export interface ViewEvent {
  kind: 'view';
  path: string;
  /** The page type, from the route table. */
  type: string;
  device: Device;
  /** The referring site's host, on the first view of a visit only. */
  ref?: string;
}

export interface VitalsEvent {
  kind: 'vitals';
  path: string;
  type: string;
  device: Device;
  /** Milliseconds. */
  lcp?: number;
  /** Milliseconds. */
  inp?: number;
  cls?: number;
}

export type InsightEvent = ViewEvent | VitalsEvent;

export const VITALS = ['lcp', 'inp', 'cls'] as const;
export type Vital = (typeof VITALS)[number];
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** web.dev's thresholds: good up to the first, poor above the second. */
export const VITAL_THRESHOLDS: Record<Vital, readonly [number, number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
};

export function rateVital(vital: Vital, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[vital];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

export interface InsightsReport {
  days: InsightRange;
  /** First and last UTC day of the range, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Unique visitors (one a day each) and page views over the range. */
  visitors: number;
  views: number;
  daily: Array<{ day: string; visitors: number; views: number }>;
  topPages: Array<{ path: string; views: number; visitors: number }>;
  topPosts: Array<{ path: string; title: string; views: number }>;
  referrers: Array<{ host: string; views: number }>;
  devices: Array<{ device: Device; views: number }>;
  /** 75th percentiles per page type; null where no visitor reported the metric. */
  vitals: Array<{ pageType: string; samples: number; lcp: number | null; inp: number | null; cls: number | null }>;
}
