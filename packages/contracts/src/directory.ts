import { z } from 'zod';

/** Looking people up: users by query, id, phone or e-mail (spec 1 §7 Users, spec 2 §7 Users). */

export const _placeholder = z.never();
