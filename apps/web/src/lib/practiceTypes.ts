import type { PracticeType } from '@referwell/contracts';

/** A practice type as people read it (spec 1 §3). */
export const PRACTICE_TYPE_LABELS: Record<PracticeType, string> = {
  INDIVIDUAL: 'Individual practice',
  PRACTICE: 'Practice',
  PAYOR: 'Payor',
  THIRD_PARTY: 'Third party',
  ORGANISATION: 'Organisation',
};
