import { and, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import { partyZonesOf } from '@common/rules/account-zone';
import { SLOT_MINUTES } from '@common/rules/slots';
import { outsideSchedule } from '@common/rules/schedule-slots';
import { LIVE_APPOINTMENT_STATUSES } from '@common/constants/statuses';
import type { DoctorBookPage, DoctorBookQuery } from '@common/schemas/reschedule';
import type { Db } from '../../db/client';
import { appointments, doctors, users } from '../../db/schema';
import { patientCountry } from '../../policies/patient-record';
import { afterCursor, pageOf, pageOrder } from './page-cursor';
import { openProposals } from './proposals';
import { slotContext } from './slot-check';
import type { ScheduleOwner } from '../schedule/store';
import { loadAppointments } from './queries';
import { doctorsOwnedBy } from '../../policies/doctor';

/**
 * One page of the doctor's appointment book. Upcoming: slots not yet over, soonest first; past:
 * the rest, latest first. The order is total (start, then id), so a keyset cursor never repeats
 * or skips a row however the book changes between pages; each page is one indexed range read.
 */
export async function doctorBookPage(
  db: Db,
  doctorUserId: string,
  q: DoctorBookQuery,
  now: Date,
  /** The viewer's scope (policies/appointment.ts). */
  visible: SQL,
): Promise<DoctorBookPage> {
  const [doctor] = await db
    .select({
      id: doctors.id,
      timeZone: doctors.timeZone,
      availableFrom: doctors.availableFrom,
      availableTo: doctors.availableTo,
    })
    .from(doctors)
    .where(doctorsOwnedBy({ id: doctorUserId }));
  if (!doctor) return { items: [], nextCursor: null };
  const upcoming = q.when === 'upcoming';
  const boundary = new Date(now.getTime() - SLOT_MINUTES * 60_000);
  const filters: (SQL | undefined)[] = [
    eq(appointments.doctorId, doctor.id),
    visible,
    upcoming ? gt(appointments.startsAt, boundary) : lte(appointments.startsAt, boundary),
    q.status ? eq(appointments.status, q.status) : undefined,
    q.type ? eq(appointments.consultationType, q.type) : undefined,
    afterCursor(q.when, q.cursor),
  ];
  const keys = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      minutes: appointments.durationMinutes,
      status: appointments.status,
      reason: appointments.cancellationReason,
    })
    .from(appointments)
    .where(and(...filters))
    .orderBy(...pageOrder(q.when))
    .limit(q.limit + 1);
  const { page, nextCursor } = pageOf(keys, q.limit);
  const ids = page.map((k) => k.id);
  const [rows, proposals, outside] = await Promise.all([
    ids.length ? loadAppointments(db, inArray(appointments.id, ids), { limit: q.limit }) : Promise.resolve([]),
    openProposals(db, ids, now),
    outsideHours(db, doctor, page, now),
  ]);
  const clocks = await patientClocks(db, [...new Set(rows.map((r) => r.patientId))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = page.map((k) => ({
    ...byId.get(k.id)!,
    cancellationReason: k.reason,
    patientTimeZone: patientZone(clocks.get(byId.get(k.id)!.patientId), byId.get(k.id)!.timeZone),
    proposal: proposals.get(k.id) ?? null,
    outsideHours: outside.has(k.id),
  }));
  return { items, nextCursor };
}

type PatientClock = { account: string | null; country: string | null };

async function patientClocks(db: Db, patientIds: string[]): Promise<Map<string, PatientClock>> {
  if (!patientIds.length) return new Map();
  const rows = await db
    .select({ userId: users.id, account: users.timeZone, country: patientCountry(users.id) })
    .from(users)
    .where(inArray(users.id, patientIds));
  return new Map(rows.map((r) => [r.userId, { account: r.account, country: r.country }]));
}

/** The zone the patient reads the visit in: the rule of the patient's e-mails (decision 047). */
function patientZone(clock: PatientClock | undefined, bookedIn: string): string {
  return partyZonesOf({
    patientAccount: clock?.account,
    patientCountry: clock?.country,
    doctorAccount: null,
    practice: null,
    booked: bookedIn,
  }).patient;
}

type BookKey = { id: string; startsAt: Date; minutes: number; status: string };

/**
 * Live bookings of the page that the doctor's hours or time off no longer cover. Changing either
 * never cancels a booking; the book flags these so the doctor can propose a new time or cancel.
 */
async function outsideHours(db: Db, doctor: ScheduleOwner, page: BookKey[], now: Date): Promise<Set<string>> {
  const live = page.filter(
    (k) => (LIVE_APPOINTMENT_STATUSES as readonly string[]).includes(k.status) && k.startsAt > now,
  );
  if (live.length === 0) return new Set();
  const times = live.map((k) => k.startsAt.getTime());
  const ctx = await slotContext(db, doctor, new Date(Math.min(...times)), new Date(Math.max(...times)), now);
  return new Set(live.filter((k) => outsideSchedule(ctx, k.startsAt, k.minutes) !== null).map((k) => k.id));
}
