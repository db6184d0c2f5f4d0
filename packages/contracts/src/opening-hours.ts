/** A practice's week, as its profile stores it and its settings send it (spec 1 §3). */
import { z } from 'zod';

/** One day of a practice's week; dayOfWeek 0 is Sunday. Times are "HH:mm" in the practice's time zone. */
export const OpeningHoursEntry = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  open: z.boolean(),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
  end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
});
export type OpeningHoursEntry = z.infer<typeof OpeningHoursEntry>;

const OpeningHoursList = z
  .array(OpeningHoursEntry)
  .max(7, 'Opening hours have at most one entry per day')
  .superRefine((entries, ctx) => {
    const seen = new Set<number>();
    entries.forEach((e, i) => {
      if (seen.has(e.dayOfWeek))
        ctx.addIssue({ code: 'custom', path: [i, 'dayOfWeek'], message: 'Each day of the week may appear once' });
      seen.add(e.dayOfWeek);
      if (e.open && e.end <= e.start)
        ctx.addIssue({ code: 'custom', path: [i, 'end'], message: 'Closing time must be after opening time' });
    });
  });

/** Opening hours arrive as a structure or as the same structure in JSON text (spec 1 §3). */
export const OpeningHoursInput = z
  .preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: 'Opening hours must be valid JSON', input: value });
      return z.NEVER;
    }
  }, OpeningHoursList)
  .describe('A list of entries, or the same list as JSON text');
