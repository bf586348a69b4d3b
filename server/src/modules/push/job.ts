import { z } from 'zod';
import { defineJobKind } from '../jobs/registry';

/**
 * One notice to one person's devices. It carries ids only: who, what about, and (for a reminder)
 * the start it was made for; the words are composed when it is sent, in the reader's language at
 * that moment, and a reminder whose visit moved or ended is dropped then. `userId` is also how
 * account deletion finds the person's queued jobs.
 */
export const pushJob = defineJobKind({
  kind: 'push',
  version: 1,
  schema: z.discriminatedUnion('notice', [
    z.object({ notice: z.literal('booking_confirmed'), userId: z.uuid(), appointmentId: z.uuid() }),
    z.object({ notice: z.literal('booking_new'), userId: z.uuid(), appointmentId: z.uuid() }),
    z.object({ notice: z.literal('reminder'), userId: z.uuid(), appointmentId: z.uuid(), startsAt: z.iso.datetime() }),
    z.object({ notice: z.literal('message'), userId: z.uuid(), senderId: z.uuid() }),
    z.object({ notice: z.literal('waitlist_offer'), userId: z.uuid(), appointmentId: z.uuid() }),
  ]),
});

export type PushJobPayload = z.infer<typeof pushJob.schema>;
