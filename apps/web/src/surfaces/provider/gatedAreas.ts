import type { practicesApi } from '@referwell/contracts';

export interface GatedArea {
  /** Where its screens live: the path and everything under it. */
  path: string;
  gate: practicesApi.GateName;
  /** What the practice's people call it, for the page that says it is off. */
  name: string;
}

/** The provider app's areas that a practice's gates turn on and off (spec 2 §7 gates). */
const GATED_AREAS: GatedArea[] = [
  { path: '/referrals', gate: 'referrals', name: 'Referrals' },
  { path: '/patients', gate: 'patients', name: 'Patients' },
  { path: '/chats', gate: 'chat', name: 'Chats' },
  { path: '/intake', gate: 'forms', name: 'Intake forms' },
  { path: '/practice/networks', gate: 'networks', name: 'Networks' },
  { path: '/organisations', gate: 'organisations', name: 'Organisations' },
];

/** The gated area a path belongs to, if any ('/chats/12' is in Chats; '/chatsroom' is not). */
export function gatedAreaOf(pathname: string): GatedArea | undefined {
  return GATED_AREAS.find((area) => pathname === area.path || pathname.startsWith(`${area.path}/`));
}
