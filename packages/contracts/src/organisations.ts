import { z } from 'zod';

/** Organisation calls (spec 1 §7 Organisations). */

export const _placeholder = z.never();
