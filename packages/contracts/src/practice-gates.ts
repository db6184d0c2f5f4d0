/** A practice's feature flags and their defaults (spec 2 §7 gates). */
import { z } from 'zod';

/** Feature flags by product area; a practice's own `gates` override these defaults. */
export const GATE_NAMES = [
  'referrals',
  'chat',
  'appointments',
  'calendar',
  'patients',
  'inbox',
  'content',
  'contentSequences',
  'forms',
  'bots',
  'campaigns',
  'analytics',
  'billing',
  'benefitCards',
  'networks',
  'departments',
  'organisations',
  'apiKeys',
  'customProperties',
  'videoVisits',
] as const;
export const GateName = z.enum(GATE_NAMES);
export type GateName = z.infer<typeof GateName>;
export const Gates = z.record(GateName, z.boolean());
export type Gates = z.infer<typeof Gates>;

/** Core areas are on for every practice; add-ons that need setup or a plan start off. */
export const DEFAULT_GATES: Gates = {
  referrals: true,
  chat: true,
  appointments: true,
  calendar: true,
  patients: true,
  inbox: true,
  content: true,
  contentSequences: true,
  forms: true,
  bots: false,
  campaigns: false,
  analytics: true,
  billing: true,
  benefitCards: false,
  networks: true,
  departments: true,
  organisations: true,
  apiKeys: true,
  customProperties: true,
  videoVisits: false,
};
