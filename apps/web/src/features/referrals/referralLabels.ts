import type { referralsApi } from '@referwell/contracts';

type Labels<T extends string> = Record<T, string>;

export const STATUS_LABELS: Labels<referralsApi.ReferralStatus> = {
  OFFERED: 'Offered',
  ACCEPTED: 'Accepted',
  RESCHEDULED: 'Rescheduled',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

/** Colour repeats the words, never replaces them. */
export const STATUS_COLORS: Labels<referralsApi.ReferralStatus> = {
  OFFERED: 'blue',
  ACCEPTED: 'teal',
  RESCHEDULED: 'teal',
  REJECTED: 'red',
  EXPIRED: 'gray',
  CANCELLED: 'gray',
};

export const TYPE_LABELS: Labels<referralsApi.ReferralType> = { BASIC: 'Basic', SPECIALTY: 'Specialty' };

export const SCHEDULE_LABELS: Labels<referralsApi.ScheduleType> = {
  NEXT: 'Next available',
  PREFERENCE: 'Patient preference',
  URGENT: 'Urgent',
};

export const DAY_LABELS: Labels<referralsApi.Day> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};

export const TIME_OF_DAY_LABELS: Labels<referralsApi.TimeOfDay> = { AM: 'Morning', PM: 'Afternoon', ANY: 'Any time' };

export const DISTANCE_LABELS: Labels<referralsApi.ReferralDistance> = { NEAR: 'Near', NORMAL: 'Normal', FAR: 'Far' };

export const EVENT_LABELS: Labels<referralsApi.ReferralEventKind> = {
  CREATED: 'Referral sent',
  OFFERED: 'Offered to practices',
  TIER_EXPIRED: 'Offer ran out',
  ACCEPTED: 'Accepted',
  REJECTED: 'Declined',
  RESCHEDULED: 'Appointment changed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'No practice accepted in time',
  ARCHIVED: 'Archived',
  UNARCHIVED: 'Brought back from the archive',
};

export const LIST_LABELS: Labels<referralsApi.ReferralListType> = {
  inbox: 'Inbox',
  sent: 'Sent',
  archived: 'Archived',
};

export const LOCATION_LABELS = {
  PRACTICE: 'At the practice',
  DEPARTMENT: 'At a department',
  VIRTUAL: 'Virtual',
  CUSTOM_ADDRESS: 'Another address',
} as const;
