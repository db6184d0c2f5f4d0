import { z } from 'zod';

/** Network calls (spec 1 §7 Networks). */

export const _placeholder = z.never();
