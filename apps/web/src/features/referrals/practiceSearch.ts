import { directoryApi, practicesApi, type PracticeSummary } from '@referwell/contracts';
import { call } from '../../lib/api';
import { personName } from '../../lib/names';
import type { SearchOption } from '../patients/SearchSelect';

export function practiceOption(practice: PracticeSummary): SearchOption<PracticeSummary> {
  return { id: practice.id, label: practice.name, description: practice.address, value: practice };
}

export function providerOption(person: directoryApi.PersonSummary): SearchOption<directoryApi.PersonSummary> {
  return { id: person.id, label: personName(person), description: person.title, value: person };
}

/** Practices to refer to by name: the practice directory search, less the sender itself. */
export async function findPractices(excludeId: number, query: string, signal: AbortSignal): Promise<SearchOption<PracticeSummary>[]> {
  const found = await call(practicesApi.searchPractices, { query: { query }, signal });
  return found.data.filter((practice) => practice.id !== excludeId).map(practiceOption);
}

/** Providers of the practice a BASIC referral goes to, by name: whom it may ask for. */
export async function findProvidersAt(
  practiceId: number,
  query: string,
  signal: AbortSignal,
): Promise<SearchOption<directoryApi.PersonSummary>[]> {
  const found = await call(directoryApi.searchUsers, { query: { query, suggest: 'true', providerAt: practiceId }, signal });
  return found.data.map(providerOption);
}
