import type { InsightRange, InsightsReport } from '../../../shared/insights';
import type { LeadsReport } from '../../../shared/leads';
import { baseApi } from '../../lib/api/base-api';

/** The owner's insights (bearer token): the report for the last 7, 30 or 90 days. */
const insightsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInsights: build.query<InsightsReport, InsightRange>({
      query: (days) => `/api/insights?days=${days}`,
      // Fresh figures each time the page opens: events keep arriving.
      keepUnusedDataFor: 30,
    }),
    getLeadsReport: build.query<LeadsReport, InsightRange>({
      query: (days) => `/api/insights/leads?days=${days}`,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetInsightsQuery, useGetLeadsReportQuery } = insightsApi;

/** An answer of the report's shape; anything else is shown as no figures rather than breaking the page. */
export function isReport(value: unknown): value is InsightsReport {
  const report = value as Partial<InsightsReport> | undefined;
  return (
    typeof report?.visitors === 'number' &&
    typeof report.views === 'number' &&
    [report.daily, report.topPages, report.topPosts, report.referrers, report.devices, report.vitals].every(Array.isArray)
  );
}
