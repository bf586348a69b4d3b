import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/src/db/client';
import { appointments, consultations, doctors, payments, users } from '../../server/src/db/schema';
import { createSession, SESSION_COOKIE } from '../../server/src/http/session';

export type BenchConsultation = { id: string; patientCookie: string; doctorCookie: string };

const BATCH = 250;

/**
 * N confirmed, paid video consultations, each with its own signed-in patient and doctor, starting
 * now. Visits of `minutes`: the sweep of abandoned rooms (consultations/abandoned.ts) ends a room 30
 * minutes after its visit, so a run longer than half an hour asks for visits that outlast it.
 */
export async function seedConsultations(db: Db, count: number, minutes = 30): Promise<BenchConsultation[]> {
  const out: BenchConsultation[] = [];
  const startsAt = new Date();
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    const rows = Array.from({ length: n }, (_, i) => ({
      patientId: randomUUID(),
      doctorUserId: randomUUID(),
      doctorId: randomUUID(),
      appointmentId: randomUUID(),
      tag: `${start + i}-${randomUUID().slice(0, 6)}`,
    }));
    await db.insert(users).values(
      rows.flatMap((r) => [
        {
          id: r.patientId,
          email: `bench-patient-${r.tag}@bench.medora.dev`,
          firstName: 'Bench',
          lastName: `Patient ${r.tag}`,
        },
        {
          id: r.doctorUserId,
          email: `bench-doctor-${r.tag}@bench.medora.dev`,
          firstName: 'Bench',
          lastName: `Doctor ${r.tag}`,
          userType: 'doctor' as const,
        },
      ]),
    );
    await db.insert(doctors).values(
      rows.map((r) => ({
        id: r.doctorId,
        userId: r.doctorUserId,
        specialty: 'Family Medicine',
        consultationFee: 10000,
      })),
    );
    await db.insert(appointments).values(
      rows.map((r) => ({
        id: r.appointmentId,
        patientId: r.patientId,
        doctorId: r.doctorId,
        startsAt,
        durationMinutes: minutes,
        timeZone: 'UTC',
        consultationType: 'video' as const,
        reasonForVisit: 'Benchmark',
        fee: 10000,
        status: 'confirmed' as const,
      })),
    );
    await db.insert(payments).values(
      rows.map((r) => ({
        appointmentId: r.appointmentId,
        patientId: r.patientId,
        purpose: 'appointment' as const,
        provider: 'simulated',
        providerIntentId: `pi_bench_${r.appointmentId}`,
        amount: 10000,
        status: 'succeeded' as const,
      })),
    );
    await db
      .insert(consultations)
      .values(rows.map((r) => ({ appointmentId: r.appointmentId, status: 'active' as const, startedAt: startsAt })));
    for (const r of rows) {
      out.push({
        id: r.appointmentId,
        patientCookie: `${SESSION_COOKIE}=${await createSession(db, r.patientId)}`,
        doctorCookie: `${SESSION_COOKIE}=${await createSession(db, r.doctorUserId)}`,
      });
    }
  }
  return out;
}
