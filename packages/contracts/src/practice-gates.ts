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

/**
 * The areas this release has. A gate of any other area is off whatever a practice has stored, so
 * no app offers a screen whose calls do not exist; an area that lands joins this list.
 */
export const BUILT_AREAS: readonly GateName[] = [
  'referrals',
  'chat',
  'patients',
  'forms',
  'networks',
  'departments',
  'organisations',
  'apiKeys',
  'customProperties',
];

/** Add-ons need setup or a plan, so a practice starts with them off even once they exist. */
const ADD_ONS: readonly GateName[] = ['bots', 'campaigns', 'benefitCards', 'videoVisits'];

/** What a practice that has stored nothing gets: every area that exists, except the add-ons. */
export const DEFAULT_GATES = Object.fromEntries(
  GATE_NAMES.map((name) => [name, BUILT_AREAS.includes(name) && !ADD_ONS.includes(name)]),
) as Gates;

/** A practice's flags: the defaults, overridden by what it has stored for areas that exist (unknown names are ignored). */
export function effectiveGates(stored: Record<string, boolean>): Gates {
  const gates = { ...DEFAULT_GATES };
  for (const name of BUILT_AREAS) {
    if (typeof stored[name] === 'boolean') gates[name] = stored[name];
  }
  return gates;
}
