import { cataloguesApi, type PracticeType } from '@referwell/contracts';
import type { Practice } from './types';
import type { PracticeUpdate } from './queries';

export type ProfileValues = {
  name: string;
  type: PracticeType;
  address: string;
  placeId: string | null;
  latitude: number | null;
  longitude: number | null;
  country: string | null;
  building: string;
  phoneNumber: string;
  npiIdentifier: string;
  timezone: string;
  about: string;
  colorScheme: string;
  welcomeMessageOpen: string;
  welcomeMessageClosed: string;
  liaisonEmails: string[];
  tierTimeout: number | string;
  maxReferralMatchRadius: number | string;
  allowOuterNetworkMatching: boolean;
  autoArchiveEnabled: boolean;
  alternativeScheduleLink: string;
  appointmentRequestRedirectLink: string;
};

export const PROFILE_FIELDS = [
  'name',
  'type',
  'address',
  'building',
  'phoneNumber',
  'npiIdentifier',
  'timezone',
  'about',
  'colorScheme',
  'welcomeMessageOpen',
  'welcomeMessageClosed',
  'liaisonEmails',
  'tierTimeout',
  'maxReferralMatchRadius',
  'allowOuterNetworkMatching',
  'autoArchiveEnabled',
  'alternativeScheduleLink',
  'appointmentRequestRedirectLink',
] as const;

export { PRACTICE_TYPE_LABELS as TYPE_LABELS } from '../../lib/practiceTypes';

export const TIER_TIMEOUT_MAX = 10_080;
export const MATCH_RADIUS_MAX = 500;

export function profileValues(p: Practice): ProfileValues {
  return {
    name: p.name,
    type: p.type,
    address: p.address ?? '',
    placeId: p.placeId,
    latitude: p.latitude,
    longitude: p.longitude,
    country: null,
    building: p.building ?? '',
    phoneNumber: p.phoneNumber ?? '',
    npiIdentifier: p.npiIdentifier ?? '',
    timezone: p.timezone,
    about: p.about ?? '',
    colorScheme: p.colorScheme ?? '',
    welcomeMessageOpen: p.welcomeMessageOpen ?? '',
    welcomeMessageClosed: p.welcomeMessageClosed ?? '',
    liaisonEmails: p.liaisonEmails,
    tierTimeout: p.tierTimeout,
    maxReferralMatchRadius: p.maxReferralMatchRadius,
    allowOuterNetworkMatching: p.allowOuterNetworkMatching,
    autoArchiveEnabled: p.autoArchiveEnabled,
    alternativeScheduleLink: p.alternativeScheduleLink ?? '',
    appointmentRequestRedirectLink: p.appointmentRequestRedirectLink ?? '',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LINK = /^https?:\/\/[^\s/]+\.[^\s/]+/i;

const maxLength = (max: number, label: string) => (value: string) =>
  value.trim().length > max ? `${label} must be at most ${max} characters` : null;

const link = (value: string) =>
  value.trim() && !LINK.test(value.trim()) ? 'Enter a full link starting with http:// or https://' : null;

function wholeNumber(min: number, max: number, unit: string) {
  return (value: number | string) => {
    const n = typeof value === 'number' ? value : Number(value);
    if (value === '' || !Number.isInteger(n)) return 'Enter a whole number';
    return n < min || n > max ? `Enter ${min} to ${max} ${unit}` : null;
  };
}

/** The contract's rules, checked before sending so mistakes show at once. */
export const validateProfile = {
  name: (value: string) => (value.trim() ? maxLength(200, 'Practice name')(value) : 'Practice name is required'),
  address: (value: string) => (value.trim() ? maxLength(500, 'Address')(value) : 'Address is required'),
  building: maxLength(200, 'Building'),
  npiIdentifier: (value: string) => (value.trim() && !cataloguesApi.isValidNpi(value.trim()) ? 'Invalid NPI' : null),
  about: maxLength(5000, 'About'),
  colorScheme: (value: string) =>
    value.trim() && !/^#[0-9a-f]{6}$/i.test(value.trim()) ? 'Use a colour like #1a2b3c' : null,
  welcomeMessageOpen: maxLength(1000, 'Welcome message'),
  welcomeMessageClosed: maxLength(1000, 'Welcome message'),
  liaisonEmails: (list: string[]) => {
    const wrong = list.find((email) => !EMAIL.test(email));
    if (wrong) return `${wrong} is not a valid e-mail address`;
    return list.length > 20 ? 'At most 20 liaison e-mails' : null;
  },
  tierTimeout: wholeNumber(1, TIER_TIMEOUT_MAX, 'minutes'),
  maxReferralMatchRadius: wholeNumber(1, MATCH_RADIUS_MAX, 'miles'),
  alternativeScheduleLink: link,
  appointmentRequestRedirectLink: link,
};

const textOrNull = (value: string) => value.trim() || null;

/** The update request for the profile; opening hours and billing are saved on their own tabs. */
export function profileBody(v: ProfileValues, practice: Practice): PracticeUpdate {
  return {
    name: v.name.trim(),
    // Only platform administrators make a practice third party, so its type is not ours to send.
    ...(practice.type === 'THIRD_PARTY' ? {} : { type: v.type }),
    address: v.address.trim(),
    placeId: v.placeId,
    latitude: v.latitude,
    longitude: v.longitude,
    ...(v.country ? { country: v.country } : {}),
    building: textOrNull(v.building),
    phoneNumber: textOrNull(v.phoneNumber),
    npiIdentifier: textOrNull(v.npiIdentifier),
    timezone: v.timezone,
    about: textOrNull(v.about),
    colorScheme: textOrNull(v.colorScheme),
    welcomeMessageOpen: textOrNull(v.welcomeMessageOpen),
    welcomeMessageClosed: textOrNull(v.welcomeMessageClosed),
    liaisonEmails: v.liaisonEmails,
    tierTimeout: Number(v.tierTimeout),
    maxReferralMatchRadius: Number(v.maxReferralMatchRadius),
    allowOuterNetworkMatching: v.allowOuterNetworkMatching,
    autoArchiveEnabled: v.autoArchiveEnabled,
    alternativeScheduleLink: textOrNull(v.alternativeScheduleLink),
    appointmentRequestRedirectLink: textOrNull(v.appointmentRequestRedirectLink),
  };
}

/** Every IANA zone this browser knows, plus the practice's own if the browser lacks it (e.g. "UTC"). */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}
