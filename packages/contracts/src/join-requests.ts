import { z } from 'zod';

/** Practice join requests (spec 1 §7 Invites and join requests). */

export const _placeholder = z.never();
