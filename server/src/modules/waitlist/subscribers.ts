import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { on, type Unit } from '../events/bus';
import { endEntries } from './leave';
import { moveEntry } from './moves';
import { matchDoctor } from './offers';

async function someoneWaits(tx: Db, doctorId: string) {
  const [row] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.doctorId, doctorId), eq(waitlistEntries.status, 'active')))
    .limit(1);
  return Boolean(row);
}

/**
 * A slot of this doctor may have freed: the line is looked at after the change commits, in its
 * own transaction under the doctor's lock (inside the change's transaction it would take that lock
 * after the appointment's, the reverse of a booking's order). A failure there is logged; the
 * waitlist sweep (job.ts) is its durable retry.
 */
async function lookAtLine(unit: Unit, doctorId: string, startsAt: Date) {
  if (startsAt.getTime() <= unit.now.getTime()) return;
  if (!(await someoneWaits(unit.tx, doctorId))) return;
  unit.afterCommit(async () => {
    await matchDoctor(unit.services, doctorId, unit.now);
  });
}

/**
 * The waitlist follows the appointments' events (issue 42): a cancellation (a party's, an unpaid
 * hold released or lapsed) or a move frees a slot; an offered hold that is paid books the entry,
 * one that ends lapses it, and the next in line is offered what it freed. A family member the
 * holder removed stops waiting, in the removal's transaction, as if the holder had pressed "Stop
 * waiting" on each of their entries: nothing may be held or offered for someone no longer on the
 * account (a held offer goes to the next in line).
 */
export const waitlistSubscribers = [
  on('appointment.cancelled', 'waitlist: an offer lapses; the freed slot goes to the line', async (event, unit) => {
    const { appointment } = event;
    // An offer holds an unpaid booking, and its payment books the entry in the same transaction:
    // only a cancelled hold can still have an offer to lapse.
    if (event.previousStatus === 'pending')
      await moveEntry(unit.tx, 'lapse', eq(waitlistEntries.offeredAppointmentId, appointment.id), {}, unit.now);
    await lookAtLine(unit, appointment.doctorId, appointment.startsAt);
  }),
  on('appointment.rescheduled', 'waitlist: the time it left goes to the line', async (event, unit) => {
    await lookAtLine(unit, event.appointment.doctorId, event.previous.startsAt);
  }),
  on('appointment.confirmed', 'waitlist: a paid offer is booked', async ({ appointment }, { tx, now }) => {
    await moveEntry(tx, 'book', eq(waitlistEntries.offeredAppointmentId, appointment.id), {}, now);
  }),
  on('family_member.removed', 'waitlist: a removed family member stops waiting', async ({ member }, unit) => {
    await endEntries(
      unit,
      and(eq(waitlistEntries.patientId, member.holderId), eq(waitlistEntries.familyMemberId, member.id))!,
    );
  }),
];
