import { practicesApi, type PracticeSummary } from '@referwell/contracts';
import { call } from '../../lib/api';
import type { SearchOption } from '../patients/SearchSelect';

/** Practices to refer to by name: the practice directory search, less the sender itself. */
export async function findPractices(excludeId: number, query: string, signal: AbortSignal): Promise<SearchOption<PracticeSummary>[]> {
  const found = await call(practicesApi.searchPractices, { query: { query }, signal });
  return found.data
    .filter((practice) => practice.id !== excludeId)
    .map((practice) => ({ id: practice.id, label: practice.name, description: practice.address, value: practice }));
}
