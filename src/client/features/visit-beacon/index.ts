export { startInsights, type InsightsOptions } from './beacon';
