import { and, eq, gt, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { RemoteConsultationType } from '@common/constants/consultation-types';
import { SLOT_MINUTES } from '@common/rules/slots';
import { ROOM_APPOINTMENT_STATUSES } from '../modules/consultations/participant';
import type { Db } from './client';
import { createPaidDemoAppointment, findDemoPair } from './demo-pair';
import { appointments, consultations } from './schema';
import { appointmentsBookedBy } from '../policies/appointment';

const WINDOW_MS = 2 * 60 * 60_000;
/** An unstarted demo appointment is reused only if it can still be started for ten minutes. */
const STARTABLE_FOR_MS = (SLOT_MINUTES - 10) * 60_000;

/**
 * Demo mode: make sure the demo patient has a confirmed, paid video (or voice) appointment with the demo
 * doctor that can be started right now, so a newcomer can open the room as both within a minute.
 * Runs at every start; does nothing when a usable one exists: started in the last two hours and
 * not ended, or not started and still startable for a while (a consultation starts at the latest
 * by the end of its slot).
 */
export async function ensureDemoConsultation(
  db: Db,
  type: RemoteConsultationType = 'video',
  now: Date = new Date(),
): Promise<string | null> {
  const pair = await findDemoPair(db);
  if (!pair) return null;
  const { patient, doctor } = pair;

  const usable = await db
    .select({ id: appointments.id })
    .from(appointments)
    .leftJoin(consultations, eq(consultations.appointmentId, appointments.id))
    .where(
      and(
        appointmentsBookedBy(patient),
        eq(appointments.doctorId, doctor.id),
        eq(appointments.consultationType, type),
        inArray(appointments.status, [...ROOM_APPOINTMENT_STATUSES]),
        gte(appointments.startsAt, new Date(now.getTime() - WINDOW_MS)),
        lte(appointments.startsAt, new Date(now.getTime() + 10 * 60_000)),
        or(
          eq(consultations.status, 'active'),
          and(
            or(isNull(consultations.status), eq(consultations.status, 'waiting')),
            gt(appointments.startsAt, new Date(now.getTime() - STARTABLE_FOR_MS)),
          ),
        ),
      ),
    )
    .limit(1);
  if (usable[0]) return usable[0].id;

  // The latest free minute up to now: not a booking slot, so never one a real booking could want.
  const taken = await db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctor.id),
        gte(appointments.startsAt, new Date(now.getTime() - WINDOW_MS)),
        ne(appointments.status, 'cancelled'),
      ),
    );
  const takenTimes = new Set(taken.map((row) => row.startsAt.getTime()));
  let minute = Math.floor(now.getTime() / 60_000) * 60_000;
  while (takenTimes.has(minute)) minute -= 60_000;
  const appointment = await createPaidDemoAppointment(db, pair, {
    startsAt: new Date(minute),
    type,
    reason: `Demo consultation: try the live ${type} room`,
    status: 'confirmed',
  });
  return appointment.id;
}
