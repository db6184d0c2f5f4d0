import { z } from 'zod';

/** Practice calls (spec 1 §7 Practices, spec 2 §7 Practice-level). */

/** One day of a practice's week; dayOfWeek 0 is Sunday. Times are "HH:mm" in the practice's time zone. */
export const OpeningHoursEntry = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  open: z.boolean(),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
  end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
});
export type OpeningHoursEntry = z.infer<typeof OpeningHoursEntry>;
