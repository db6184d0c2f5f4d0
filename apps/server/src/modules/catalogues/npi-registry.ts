import type { FastifyBaseLogger } from 'fastify';
import type { cataloguesApi } from '@referwell/contracts';

type NpiRegistryRecord = cataloguesApi.NpiRegistryRecord;

/** The parts of an NPPES API v2.1 answer that are read. */
interface NppesAnswer {
  result_count?: number;
  results?: {
    number?: string | number;
    enumeration_type?: string;
    basic?: Record<string, string | undefined>;
    addresses?: Record<string, string | undefined>[];
    taxonomies?: { code?: string; desc?: string; primary?: boolean }[];
  }[];
  Errors?: { description?: string }[];
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function toRecord(npi: string, r: NonNullable<NppesAnswer['results']>[number]): NpiRegistryRecord {
  const basic = r.basic ?? {};
  const organisation = r.enumeration_type === 'NPI-2';
  const person = [basic.name_prefix, basic.first_name, basic.middle_name, basic.last_name, basic.name_suffix]
    .map(text)
    .filter(Boolean)
    .join(' ');
  const location = r.addresses?.find((a) => a.address_purpose === 'LOCATION') ?? r.addresses?.[0];
  return {
    npi,
    kind: organisation ? 'ORGANIZATION' : 'INDIVIDUAL',
    name: (organisation ? text(basic.organization_name) : person) ?? text(basic.organization_name) ?? person,
    credential: text(basic.credential),
    status: text(basic.status),
    taxonomies: (r.taxonomies ?? [])
      .filter((t) => text(t.code))
      .map((t) => ({ code: t.code!.trim(), description: text(t.desc), primary: t.primary === true })),
    address: location
      ? {
          line1: text(location.address_1),
          line2: text(location.address_2),
          city: text(location.city),
          state: text(location.state),
          postalCode: text(location.postal_code),
          country: text(location.country_code),
          phone: text(location.telephone_number),
        }
      : null,
  };
}

export interface NpiRegistry {
  /** The registry's record; null when it does not know the NPI, fails or does not answer in time. */
  lookup(npi: string): Promise<NpiRegistryRecord | null>;
}

/**
 * The NPPES NPI Registry API (https://npiregistry.cms.hhs.gov/api/). A registry that fails is a
 * warning in the log, never an error for the caller: the lookup still shows our own practices.
 */
export function createNpiRegistry(baseUrl: string, log: FastifyBaseLogger, timeoutMs = 5_000): NpiRegistry {
  return {
    async lookup(npi) {
      const url = new URL(baseUrl);
      if (!url.searchParams.has('version')) url.searchParams.set('version', '2.1');
      url.searchParams.set('number', npi);
      try {
        const res = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`the registry answered ${res.status}`);
        const body = (await res.json()) as NppesAnswer;
        if (body.Errors?.length)
          throw new Error(`the registry refused the lookup: ${body.Errors.map((e) => e.description).join('; ')}`);
        const found = body.results?.find((r) => String(r.number) === npi);
        return found ? toRecord(npi, found) : null;
      } catch (err) {
        log.warn({ err, host: url.host }, 'NPI registry lookup failed');
        return null;
      }
    },
  };
}
