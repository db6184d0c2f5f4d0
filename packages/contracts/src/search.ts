import { z } from 'zod';

/** Global search over users, practices, patients and providers (spec 2 §7). */

export const _placeholder = z.never();
