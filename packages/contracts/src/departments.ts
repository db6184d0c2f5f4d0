import { z } from 'zod';

/** Department calls (spec 1 §7 Departments). */

export const _placeholder = z.never();
