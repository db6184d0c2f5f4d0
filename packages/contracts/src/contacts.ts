import { z } from 'zod';

/** User and practice contacts (spec 1 §7 Users/Practices, spec 2 §7 contacts). */

export const _placeholder = z.never();
