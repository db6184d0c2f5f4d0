import { z } from 'zod';

/** Role lists per practice and organisation (spec 2 §7 Roles). */

export const _placeholder = z.never();
