import { z } from 'zod';

/** Custom property definitions and values (spec 2 §3, §7 Practice-level). */

export const _placeholder = z.never();
