import { z } from 'zod';

/** Specialities, insurance payers, the insurance matrix and NPI checks (spec 1 §7, spec 2 §7). */

export const _placeholder = z.never();
