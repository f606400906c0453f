export { startInsights } from './beacon';
