import { searchApi } from '@referwell/contracts';

type SearchResult = searchApi.SearchResult;
type SearchType = searchApi.SearchType;

/** The order and headings of the result groups. */
export const SEARCH_GROUPS: readonly { type: SearchType; label: string }[] = [
  { type: 'USER', label: 'People' },
  { type: 'PRACTICE', label: 'Practices' },
  { type: 'PROVIDER', label: 'Providers' },
  { type: 'PATIENT', label: 'Patients' },
];

export function optionValue(result: SearchResult): string {
  return `${result.type}:${result.id}`;
}

/** Results by group, leaving out empty groups. */
export function groupResults(results: SearchResult[]) {
  return SEARCH_GROUPS.map((group) => ({ ...group, results: results.filter((r) => r.type === group.type) })).filter(
    (group) => group.results.length > 0,
  );
}
