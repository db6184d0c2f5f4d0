import { z } from 'zod';

/** Address search and place details (spec 1 §7 Unread, places and misc). */

export const _placeholder = z.never();
