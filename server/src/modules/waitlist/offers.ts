import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { feeForType } from '@common/rules/fees';
import { holdEndsAt } from '@common/rules/hold';
import { firstAvailable, type Slot } from '@common/rules/schedule-slots';
import type { Db } from '../../db/client';
import { appointments, doctors, users, waitlistEntries } from '../../db/schema';
import { inUnit, type Unit, type UnitServices } from '../events/bus';
import { cancelAppointment, insertPending, releaseStaleHold } from '../appointments/commands';
import { overlappingAppointments } from '../appointments/overlaps';
import { paymentNotHolding } from '../appointments/payment-status';
import { listedSlotContext } from '../appointments/slot-check';
import { lockDoctorSchedule } from '../schedule/store';
import { moveEntry } from './moves';
import { tellOffer } from './tell';

type EntryRow = typeof waitlistEntries.$inferSelect;
type DoctorRow = typeof doctors.$inferSelect;

const DAY_MS = 86_400_000;
/** Entries of one doctor looked at per run: the rest wait for the next run (the line stays in order). */
const LINE_PER_RUN = 50;
/** Free slots passed over per entry because they collide with the patient's own visits. */
const COLLISIONS_PER_ENTRY = 40;

/**
 * The first slot before the entry's date that the slot generator says is free (the doctor's week,
 * notice, horizon, cap, time off and the bookings holding a slot, read in this transaction), that
 * does not overlap any visit the patient holds with any doctor. Null when there is none.
 */
async function slotFor(tx: Db, entry: EntryRow, now: Date): Promise<Slot | null> {
  const until = entry.beforeAt.getTime();
  if (until <= now.getTime()) return null;
  const ctx = await listedSlotContext(tx, entry.doctorId, now, entry.beforeAt, now);
  if (!ctx) return null;
  const days = Math.ceil((until - now.getTime()) / DAY_MS) + 1;
  let from = now;
  for (let i = 0; i < COLLISIONS_PER_ENTRY; i++) {
    const slot = firstAvailable(ctx, entry.consultationType, from, days);
    if (!slot || Date.parse(slot.startsAt) >= until) return null;
    const clash = await overlappingAppointments(tx, entry.patientId, slot, now);
    if (clash.length === 0) return slot;
    from = new Date(Date.parse(slot.startsAt) + 1);
  }
  return null;
}

/** The first passed-over entry the slot suits: its visit type, before its date, clear of its patient's visits. */
async function firstSuited(tx: Db, passedOver: EntryRow[], slot: Slot, type: EntryRow['consultationType'], now: Date) {
  for (const entry of passedOver) {
    if (entry.consultationType !== type || Date.parse(slot.startsAt) >= entry.beforeAt.getTime()) continue;
    if ((await overlappingAppointments(tx, entry.patientId, slot, now)).length === 0) return entry;
  }
  return undefined;
}

/**
 * Holds `slot` for the entry's patient with the booking hold rule: an unpaid booking (the same
 * insert a booking makes, after a lapsed hold on the slot gives way), paid through the usual
 * checkout. Undefined when the slot was taken meanwhile or the doctor has no fee for the type.
 */
async function holdFor(unit: Unit, doctor: DoctorRow, entry: EntryRow, slot: Slot) {
  const fee = feeForType(doctor, entry.consultationType);
  if (fee < 50) return undefined;
  const startsAt = new Date(slot.startsAt);
  await releaseStaleHold(unit, doctor.id, startsAt);
  return insertPending(unit.tx, {
    patientId: entry.patientId,
    doctorId: doctor.id,
    startsAt,
    timeZone: doctor.timeZone,
    consultationType: entry.consultationType,
    durationMinutes: slot.minutes,
    reasonForVisit: entry.visitReason,
    additionalNotes: null,
    fee,
    familyMemberId: entry.familyMemberId,
    // The hold runs from the unit's instant, the one every rule of this pass judges by.
    createdAt: unit.now,
    updatedAt: unit.now,
  });
}

/**
 * Offers whose time ran out: their hold is released through the one cancel command (by the
 * system, nothing to refund), whose `appointment.cancelled` lapses the entry (subscribers.ts). A
 * hold whose payment is under way is left to finish; a hold already paid books the entry.
 */
async function lapseExpired(unit: Unit, doctorId: string) {
  const { tx, now } = unit;
  const due = await tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.doctorId, doctorId),
        eq(waitlistEntries.status, 'offered'),
        lte(waitlistEntries.offerExpiresAt, now),
      ),
    )
    .orderBy(asc(waitlistEntries.offerExpiresAt));
  for (const entry of due) {
    if (entry.offeredAppointmentId) {
      await cancelAppointment(unit, {
        id: entry.offeredAppointmentId,
        by: 'system',
        actor: null,
        refund: 'none',
        guard: and(eq(appointments.status, 'pending'), paymentNotHolding(appointments.id)),
      });
    }
    const [hold] = entry.offeredAppointmentId
      ? await tx
          .select({ status: appointments.status })
          .from(appointments)
          .where(eq(appointments.id, entry.offeredAppointmentId))
      : [];
    if (!hold || hold.status === 'cancelled') {
      await moveEntry(tx, 'lapse', eq(waitlistEntries.id, entry.id), {}, now);
    } else if (hold.status !== 'pending') {
      await moveEntry(tx, 'book', eq(waitlistEntries.id, entry.id), {}, now);
    }
  }
}

/**
 * One pass over a doctor's line, under the doctor's lock (the lock every booking, move and
 * schedule change takes first), so two passes at once (two cancellations, two instances) run one
 * after the other and the second sees what the first offered: nobody is offered twice and no slot
 * is held for two. Expired offers lapse first; then, first come first served, each waiting entry
 * with a free slot before its date is offered the first such slot. How many wait is never told.
 */
export async function matchDoctor(services: UnitServices, doctorId: string, now: Date): Promise<number> {
  return inUnit(services, now, async (unit) => {
    const { tx } = unit;
    await lockDoctorSchedule(tx, doctorId);
    const [doctor] = await tx.select().from(doctors).where(eq(doctors.id, doctorId));
    if (!doctor) return 0;
    await lapseExpired(unit, doctorId);
    // A deactivated or deleted account is passed over: nobody would be there to pay.
    const line = await tx
      .select({ entry: waitlistEntries })
      .from(waitlistEntries)
      .innerJoin(users, eq(users.id, waitlistEntries.patientId))
      .where(
        and(
          eq(waitlistEntries.doctorId, doctorId),
          eq(waitlistEntries.status, 'active'),
          eq(users.isActive, true),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(LINE_PER_RUN);
    let offered = 0;
    // Entries that found nothing: a slot freed while this pass ran (a cancellation commits without
    // the doctor's lock) goes to the first of them it suits, not to whoever is further back.
    const passedOver: EntryRow[] = [];
    for (const { entry: next } of line) {
      const slot = await slotFor(tx, next, now);
      if (!slot) {
        passedOver.push(next);
        continue;
      }
      const earlier = await firstSuited(tx, passedOver, slot, next.consultationType, now);
      const entry = earlier ?? next;
      if (earlier) {
        passedOver.splice(passedOver.indexOf(earlier), 1);
        passedOver.push(next);
      }
      const hold = await holdFor(unit, doctor, entry, slot);
      if (!hold) continue;
      const expiresAt = holdEndsAt(hold.createdAt, 'waitlist-offer');
      const [moved] = await moveEntry(
        tx,
        'offer',
        eq(waitlistEntries.id, entry.id),
        { offeredAppointmentId: hold.id, offeredStartsAt: hold.startsAt, offerExpiresAt: expiresAt },
        now,
      );
      if (moved) {
        await tellOffer(tx, moved, hold, now);
        offered++;
      }
    }
    return offered;
  });
}

/** Every doctor with someone waiting or an offer out: the sweep's work list. */
export async function doctorsWithLines(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ doctorId: waitlistEntries.doctorId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'active'))
    .union(
      db
        .selectDistinct({ doctorId: waitlistEntries.doctorId })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.status, 'offered')),
    );
  return rows.map((r) => r.doctorId);
}
