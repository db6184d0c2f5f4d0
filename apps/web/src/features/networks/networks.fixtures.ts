import type { networksApi, PracticeSummary } from '@referwell/contracts';
import { lakeside } from '../../test/fixtures';

export function practice(id: number, name: string): PracticeSummary {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    name,
    logoUrl: null,
    type: 'PRACTICE',
    address: `${id} Main Street`,
    colorScheme: null,
    phoneNumber: null,
    alternativeScheduleLink: null,
  };
}

export const hilltop = practice(11, 'Hilltop Physio');
export const bayside = practice(12, 'Bayside Orthopaedics');

export function network(
  id: number,
  name: string,
  order: number,
  more: Partial<networksApi.PracticeNetwork> = {},
): networksApi.PracticeNetwork {
  return {
    id,
    uuid: `10000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    practiceId: lakeside.practice.id,
    name,
    matchingTimeLimit: 90,
    order,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    practice: lakeside.practice,
    practices: [],
    providers: [],
    owned: true,
    ...more,
  };
}
