// The owner's insights report's public entry: the week's summary the dashboard shows.
export { WeekSummary } from './week-summary';
