import { directoryApi, practicesApi, type PracticeSummary } from '@referwell/contracts';
import { call } from './api';
import { personName } from './names';
import type { SearchOption } from './searchOption';

export function practiceOption(practice: PracticeSummary): SearchOption<PracticeSummary> {
  return { id: practice.id, label: practice.name, description: practice.address, value: practice };
}

export function providerOption(person: directoryApi.PersonSummary): SearchOption<directoryApi.PersonSummary> {
  return { id: person.id, label: personName(person), description: person.title, value: person };
}

/** Practices by name from the practice directory, less the caller's own (a referral's sender, a chat's starter). */
export async function findPractices(
  excludeId: number,
  query: string,
  signal: AbortSignal,
): Promise<SearchOption<PracticeSummary>[]> {
  const found = await call(practicesApi.searchPractices, { query: { query }, signal });
  return found.data.filter((practice) => practice.id !== excludeId).map(practiceOption);
}

/** Providers of one practice by name (whom a BASIC referral may ask for). */
export async function findProvidersAt(
  practiceId: number,
  query: string,
  signal: AbortSignal,
): Promise<SearchOption<directoryApi.PersonSummary>[]> {
  const found = await call(directoryApi.searchUsers, {
    query: { query, suggest: 'true', providerAt: practiceId },
    signal,
  });
  return found.data.map(providerOption);
}
