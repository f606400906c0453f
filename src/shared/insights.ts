/**
 * Insights (docs/product.md#insights): what the beacon sends, what the owner's page reads, and
 * the Core Web Vitals thresholds both sides judge by. The types are derived from the contract's
 * schemas, imported as types only: the beacon's bundle carries none of them.
 */
import type { Static } from 'typebox';
import type { insightEventSchema, insightsReportSchema } from './contract/insights';

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

/** A page view or a page's Core Web Vitals, as the beacon sends them (ref and utm only on a visit's first view; lcp and inp in milliseconds). */
export type InsightEvent = Static<typeof insightEventSchema>;

export const VITALS = ['lcp', 'inp', 'cls'] as const;
export type Vital = (typeof VITALS)[number];
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** web.dev's thresholds: good up to the first, poor above the second. */
const VITAL_THRESHOLDS: Record<Vital, readonly [number, number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
};

export function rateVital(vital: Vital, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[vital];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** What the owner's Insights page reads (`GET /api/insights`). */
export type InsightsReport = Static<typeof insightsReportSchema>;
