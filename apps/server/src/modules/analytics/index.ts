/** Spec 2 §6 countable events; areas record theirs inside their own transactions. No routes yet. */
export { recordAnalytics, type AnalyticsEvent, type AnalyticsEventType } from './analytics.js';
