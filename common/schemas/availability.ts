import { z } from 'zod';

/*
 * A doctor's free slots, as the availability endpoint answers them: a module of their own, so a
 * doctor's page in the browser builds these schemas without the rest of the appointments' ones.
 */

export const slotSchema = z.object({
  /** The doctor's local date of the slot (YYYY-MM-DD). */
  date: z.string().optional(),
  time: z.string(),
  label: z.string(),
  startsAt: z.string(),
  /** When the visit ends and how long it lasts ("30 min"); the buffer after it is not included. */
  endsAt: z.string().optional(),
  minutes: z.number().int().optional(),
  available: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;

/** The doctor's slots for one local date; `date` and every `label` are in `timeZone` (the doctor's). */
export const availabilitySchema = z.object({
  doctorId: z.uuid(),
  date: z.string(),
  timeZone: z.string(),
  slots: z.array(slotSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;
