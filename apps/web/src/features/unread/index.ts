/** Unread counts: the navigation's badges, and the query key other features refresh. */
export { UnreadCount } from './UnreadCount';
export { unreadKeys, usePracticeUnread, type PracticeUnread } from './unreadQueries';
