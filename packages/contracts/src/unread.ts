import { z } from 'zod';

/** Unread summaries per practice (spec 1 §7 Unread). */

export const _placeholder = z.never();
