import { and, eq } from 'drizzle-orm';
import { createAppointment } from '../db/factories';
import { appointments, doctorSchedules } from '../db/schema';
import { bookableDoctor, doctorCancels as cancelAsDoctor } from './booking-fixtures';
import { signedInUser, type TestContext } from './test-app';

/*
 * The waitlist tests' world: on 2 … 6 December 2026, doctors who keep one half-hour slot a day at
 * 09:00 New York time, every one taken by a paid visit of someone else ("the filler"), so that a
 * patient can only wait, and a doctor's cancellation frees a known slot.
 */

/** 07:00 in New York on the first of those days. */
export const WAITLIST_START = new Date('2026-12-02T12:00:00Z');
/** The slot of `day` (2 … 6 December) at 09:00 New York time. */
export const slotOn = (day: number) => new Date(`2026-12-0${day}T14:00:00Z`);
/** The date every test's patient waits before. */
export const WAIT_BEFORE = '2026-12-07';

export type Who = { id: string; cookie: string };
export type FullDoctor = Who & { doctorId: string; fillers: Map<number, string> };

/** The world's helpers, over the test app that `app()` answers once it has started. */
export function waitlistWorld(app: () => TestContext) {
  let filler: Who | undefined;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as: { cookie: string }, payload?: object) =>
    app().app.inject({ method, url, headers: { cookie: as.cookie }, ...(payload ? { payload } : {}) });

  const patient = async (firstName: string): Promise<Who> => {
    const { user, cookie } = await signedInUser(app().db, { firstName, lastName: 'Waits' });
    return { id: user.id, cookie };
  };

  /** A doctor whose one slot a day, 2 … 6 December, is taken by a paid visit of someone else. */
  async function fullDoctor(lastName: string): Promise<FullDoctor> {
    const { db } = app();
    filler ??= await patient('Filler');
    const { user, doctor, cookie } = await bookableDoctor(db, { user: { firstName: 'Dana', lastName } });
    const day = [{ start: '09:00', end: '09:30' }];
    await db
      .update(doctorSchedules)
      .set({ weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day } })
      .where(eq(doctorSchedules.doctorId, doctor.id));
    const fillers = new Map<number, string>();
    for (const d of [2, 3, 4, 5, 6]) {
      const row = await createAppointment(db, {
        patientId: filler.id,
        doctorId: doctor.id,
        startsAt: slotOn(d),
        status: 'confirmed',
        durationMinutes: 30,
        timeZone: 'America/New_York',
      });
      fillers.set(d, row.id);
    }
    return { id: user.id, cookie, doctorId: doctor.id, fillers };
  }

  /** The doctor cancels the filler's visit of `day`, freeing its slot. */
  const doctorCancels = (doctor: FullDoctor, day: number) =>
    cancelAsDoctor(app().app, app().db, doctor.fillers.get(day)!, doctor, 'Called away');

  /** The unpaid holds of `who` with `doctor`. */
  const holdsOf = (who: Who, doctor: FullDoctor) =>
    app()
      .db.select()
      .from(appointments)
      .where(
        and(
          eq(appointments.patientId, who.id),
          eq(appointments.doctorId, doctor.doctorId),
          eq(appointments.status, 'pending'),
        ),
      );

  return { call, patient, fullDoctor, doctorCancels, holdsOf };
}
