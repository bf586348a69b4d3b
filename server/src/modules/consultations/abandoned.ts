import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROOM_OVERRUN_MINUTES } from '@common/rules/join-window';
import type { ServerMessage } from '@common/schemas/realtime';
import { appointments, consultations } from '../../db/schema';
import { consultationEndedEvent } from '../../realtime/events';
import type { UnitServices } from '../events/bus';
import { defineJobKind } from '../jobs/registry';
import { bindJob } from '../jobs/worker';
import { endActiveConsultation } from './service';

/** How often the sweep looks: a call left running ends between 30 and 35 minutes after its visit. */
export const CONSULTATION_END_EVERY_MS = 5 * 60_000;
const SWEEP_LIMIT = 100;

/**
 * The sweep of consultations nobody ended, a scheduled job: one queued row shared by every
 * instance. It carries nothing.
 */
export const consultationEndJob = defineJobKind({
  kind: 'consultation_end',
  version: 1,
  schema: z.object({}),
  scheduled: { everyMs: CONSULTATION_END_EVERY_MS },
});

/** Sends a realtime event to this instance's sockets in a room (the bus carries it to the others). */
export type DeliverLocal = (consultationId: string, msg: ServerMessage) => void;

/**
 * Ends, through the End Call command, every consultation still active ROOM_OVERRUN_MINUTES after
 * its visit's end (common/rules/join-window.ts callRunsUntil, restated in SQL), oldest first: the
 * appointment completes, the earning follows the time both spent in the room, and both
 * participants are told, exactly as when one of them presses End Call. One unit per consultation,
 * so one that fails is logged and left for the next sweep without holding back the others. More
 * than SWEEP_LIMIT waiting are ended by the following runs.
 */
export async function endAbandonedConsultations(services: UnitServices, now: Date, deliver: DeliverLocal) {
  const overrun = sql`${appointments.startsAt} + make_interval(mins => ${appointments.durationMinutes} + ${ROOM_OVERRUN_MINUTES}) <= ${now.toISOString()}::timestamptz`;
  const due = await services.db
    .select({ id: consultations.appointmentId })
    .from(consultations)
    .innerJoin(appointments, eq(appointments.id, consultations.appointmentId))
    .where(and(eq(consultations.status, 'active'), overrun))
    .orderBy(asc(appointments.startsAt))
    .limit(SWEEP_LIMIT);
  let ended = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      const row = await endActiveConsultation(services, id, now);
      if (!row) continue; // ended by a participant meanwhile
      ended += 1;
      deliver(id, consultationEndedEvent(id, row.endedAt!));
    } catch (err) {
      failed += 1;
      services.log.warn({ category: 'consultations', err, consultationId: id }, 'left-running consultation not ended');
    }
  }
  if (ended > 0 || failed > 0) {
    services.log.info({ category: 'consultations', ended, failed }, 'consultations left running were ended');
  }
  return { ended, failed };
}

/** The consultation_end job in an app: its services, this instance's sockets and the app clock. */
export const consultationEndBinding = (services: UnitServices, deliver: DeliverLocal, now: () => Date) =>
  bindJob(consultationEndJob, async () => {
    await endAbandonedConsultations(services, now(), deliver);
    return { status: 'done' };
  });
