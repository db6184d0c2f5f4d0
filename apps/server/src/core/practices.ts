import type { PracticeSummary } from '@referwell/contracts';
import { practices } from './practices.table.js';

export type PracticeRow = typeof practices.$inferSelect;

/** The columns a PracticeSummary is made of: select these, not whole rows, for long lists. */
export const practiceSummaryColumns = {
  id: practices.id,
  uuid: practices.uuid,
  name: practices.name,
  logoUrl: practices.logoUrl,
  type: practices.type,
  address: practices.address,
  colorScheme: practices.colorScheme,
  phoneNumber: practices.phoneNumber,
  alternativeScheduleLink: practices.alternativeScheduleLink,
};

export function toPracticeSummary(p: Pick<PracticeRow, keyof typeof practiceSummaryColumns>): PracticeSummary {
  return {
    id: p.id,
    uuid: p.uuid,
    name: p.name,
    logoUrl: p.logoUrl,
    type: p.type as PracticeSummary['type'],
    address: p.address,
    colorScheme: p.colorScheme,
    phoneNumber: p.phoneNumber,
    alternativeScheduleLink: p.alternativeScheduleLink,
  };
}
