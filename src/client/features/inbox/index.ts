// The inbox's public entry: the unread count the dashboard shows and the navigation's badge.
export { UnreadBadge, UnreadCount } from './unread-count';
export { DueLeads } from './due-leads';
