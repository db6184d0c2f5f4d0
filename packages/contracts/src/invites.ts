import { z } from 'zod';

/** Invites (spec 1 §7 Invites and join requests). */

export const _placeholder = z.never();
