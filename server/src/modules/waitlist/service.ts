import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { BOOKING_HORIZON_DAYS } from '@common/constants/platform';
import { LIVE_WAITLIST_STATUSES, WAITLIST_LIMIT } from '@common/constants/waitlist';
import { shiftDate } from '@common/rules/schedule-rules';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import type { waitlistBodySchema, WaitlistEntry } from '@common/schemas/waitlist';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { doctors, users, waitlistEntries } from '../../db/schema';
import { localizedError } from '../../core/errors';
import type { SessionUser } from '../../core/session-user';
import { inUnit, type UnitServices } from '../events/bus';
import { bookableDoctor } from '../listing/rule';
import { can as canManageDoctor } from '../../policies/doctor';
import { ownFamilyMember } from '../../policies/family-member';
import { endEntries } from './leave';
import { matchDoctor } from './offers';

type Body = z.output<typeof waitlistBodySchema>;
type EntryRow = typeof waitlistEntries.$inferSelect;

export const waitlistEntryNotFound = () => localizedError('not_found', 'waitlist.errors.notFound');

/** A patient's own entries: the one scope every read and command of an entry uses (anyone else's is 404). */
const entriesOf = (patientId: string): SQL => eq(waitlistEntries.patientId, patientId);
const live = () => inArray(waitlistEntries.status, [...LIVE_WAITLIST_STATUSES]);

/** What the patient sees of an entry: never the line's length nor their place in it. */
const present = (row: EntryRow, doctorName: string): WaitlistEntry => ({
  id: row.id,
  doctorId: row.doctorId,
  doctorName,
  consultationType: row.consultationType,
  before: row.beforeDate,
  familyMemberId: row.familyMemberId,
  status: row.status,
  offer:
    row.status === 'offered' && row.offeredStartsAt && row.offerExpiresAt
      ? {
          appointmentId: row.offeredAppointmentId,
          startsAt: row.offeredStartsAt.toISOString(),
          expiresAt: row.offerExpiresAt.toISOString(),
        }
      : null,
  createdAt: row.createdAt.toISOString(),
});

const ENTRY_LIST_LIMIT = 50;

/** The patient's entries with their doctor's name; each reader orders and limits them. */
const entriesWithDoctor = (db: Db, patientId: string) =>
  db
    .select({ entry: waitlistEntries, lastName: users.lastName, firstName: users.firstName })
    .from(waitlistEntries)
    .innerJoin(doctors, eq(doctors.id, waitlistEntries.doctorId))
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(entriesOf(patientId))
    .$dynamic();
const doctorNameOf = (r: { firstName: string; lastName: string }) => `Dr. ${r.firstName} ${r.lastName}`;

/** My entries, newest first (the ended ones too, so an offer's outcome stays visible). */
export async function listWaitlist(db: Db, patientId: string): Promise<WaitlistEntry[]> {
  const rows = await entriesWithDoctor(db, patientId)
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id))
    .limit(ENTRY_LIST_LIMIT);
  return rows.map((r) => present(r.entry, doctorNameOf(r)));
}

/** Every entry of the patient, ended ones too, with the reason they gave: their data export (issue 42). */
export async function exportWaitlist(db: Db, patientId: string) {
  const rows = await entriesWithDoctor(db, patientId).orderBy(waitlistEntries.createdAt, waitlistEntries.id);
  return rows.map((r) => ({ ...present(r.entry, doctorNameOf(r)), reasonForVisit: r.entry.visitReason }));
}

/**
 * The date must be after today in the doctor's zone (an earlier time than tomorrow is only today's)
 * and no further than the booking horizon; the field is named in the 400.
 */
function beforeInstant(before: string, zone: string, now: Date): Date {
  const today = wallClock(now, zone).date;
  if (before <= today) {
    throw localizedError('bad_request', 'waitlist.errors.beforePast', undefined, {
      before: { key: 'waitlist.errors.beforePast' },
    });
  }
  if (before > shiftDate(today, BOOKING_HORIZON_DAYS)) {
    const values = { days: BOOKING_HORIZON_DAYS };
    throw localizedError('bad_request', 'waitlist.errors.beforeFar', values, {
      before: { key: 'waitlist.errors.beforeFar', values },
    });
  }
  return zonedInstant(before, '00:00', zone);
}

/**
 * Joins the doctor's line. The count and the duplicate check run under the patient's lock, so two
 * joins at once cannot pass the limit. A slot already free before the date is offered at once.
 */
export async function joinWaitlist(
  services: UnitServices,
  patient: SessionUser,
  body: Body,
  now: Date,
): Promise<WaitlistEntry> {
  const { db } = services;
  const doctor = await bookableDoctor(db, body.doctorId);
  if (canManageDoctor(patient, 'manage', doctor)) {
    throw localizedError('bad_request', 'waitlist.errors.ownListing', undefined, {
      doctorId: { key: 'errors.field.ownProfile' },
    });
  }
  const familyMemberId = body.familyMemberId ? (await ownFamilyMember(db, patient, body.familyMemberId)).id : null;
  const beforeAt = beforeInstant(body.before, doctor.timeZone, now);
  const row = await inUnit(services, now, async (unit) => {
    const { tx } = unit;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waitlist:${patient.id}`}))`);
    // The member is read again under a share lock, which a removal's UPDATE waits for (and this for
    // it): a member removed meanwhile is 404, and a removal after this join commits sees the entry
    // and ends it (family_member.removed, subscribers.ts).
    if (familyMemberId) await ownFamilyMember(tx, patient, familyMemberId, { lock: 'share' });
    const mine = await tx
      .select({
        doctorId: waitlistEntries.doctorId,
        type: waitlistEntries.consultationType,
        member: waitlistEntries.familyMemberId,
      })
      .from(waitlistEntries)
      .where(and(entriesOf(patient.id), live()));
    if (mine.length >= WAITLIST_LIMIT) {
      throw localizedError('conflict', 'waitlist.errors.limit', { max: WAITLIST_LIMIT });
    }
    if (mine.some((e) => e.doctorId === doctor.id && e.type === body.consultationType && e.member === familyMemberId)) {
      throw localizedError('conflict', 'waitlist.errors.duplicate');
    }
    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({
        patientId: patient.id,
        doctorId: doctor.id,
        consultationType: body.consultationType,
        beforeDate: body.before,
        beforeAt,
        familyMemberId,
        visitReason: body.reasonForVisit ?? '',
        status: 'active',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    unit.afterCommit(async () => {
      await matchDoctor(services, doctor.id, now);
    });
    return inserted;
  });
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, row.id));
  const [name] = await db
    .select({ lastName: users.lastName, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, doctor.userId));
  return present(entry ?? row, `Dr. ${name?.firstName ?? ''} ${name?.lastName ?? ''}`.trim());
}

/**
 * Leaves the line (leave.ts: a held offer goes to the next in line). Another patient's entry is
 * 404; an entry of mine that has already ended stays as it is.
 */
export async function leaveWaitlist(services: UnitServices, patientId: string, id: string, now: Date) {
  await inUnit(services, now, async (unit) => {
    const [entry] = await unit.tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, id), entriesOf(patientId)))
      .for('update');
    if (!entry) throw waitlistEntryNotFound();
    await endEntries(unit, eq(waitlistEntries.id, id));
  });
}
