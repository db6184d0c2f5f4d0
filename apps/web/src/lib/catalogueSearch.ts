import { cataloguesApi } from '@referwell/contracts';
import { call } from './api';
import type { SearchOption } from './searchOption';

export type NamedOption = SearchOption<{ id: number; name: string }>;

/** Insurance payers by name, best first (the catalogue's own ranking). */
export async function findInsurances(query: string, signal: AbortSignal): Promise<NamedOption[]> {
  const found = await call(cataloguesApi.listInsurances, { query: { query }, signal });
  return found.data.map((insurance) => ({
    id: insurance.id,
    label: insurance.name,
    description: insurance.payerId ? `Payer ID ${insurance.payerId}` : null,
    value: { id: insurance.id, name: insurance.name },
  }));
}

/** NUCC specialities by name, classification or colloquial name, best first. */
export async function findSpecialities(query: string, signal: AbortSignal): Promise<NamedOption[]> {
  const found = await call(cataloguesApi.listSpecialities, { query: { query }, signal });
  return found.data.map((speciality) => ({
    id: speciality.id,
    label: speciality.name,
    description: speciality.colloquial.length > 0 ? speciality.colloquial.join(', ') : speciality.classification,
    value: { id: speciality.id, name: speciality.name },
  }));
}

/** An option for something already named (a patient's insurance, say). */
export function namedOption(id: number | null, name: string | null): NamedOption | null {
  return id === null ? null : { id, label: name ?? `#${id}`, value: { id, name: name ?? `#${id}` } };
}
