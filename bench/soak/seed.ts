import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/src/db/client';
import { buildDoctor } from '../../server/src/db/factories';
import { createRng } from '../../server/src/db/random';
import { doctors, users, userTotp } from '../../server/src/db/schema';
import { createSession, SESSION_COOKIE } from '../../server/src/http/session';
import { seedConsultations, type BenchConsultation } from '../chat/seed';

export type SoakPeople = {
  doctorIds: string[];
  patients: { id: string; cookie: string }[];
  admin: { id: string; cookie: string };
  rooms: BenchConsultation[];
};

const BATCH = 200;
const cookieOf = async (db: Db, userId: string) => `${SESSION_COOKIE}=${await createSession(db, userId)}`;

/**
 * Bookable doctors (default hours, every specialty and country), signed-in patients, one signed-in
 * admin and `rooms` live consultations: the cast the soak's mix plays with. Sessions are created
 * directly, as sign-in (argon2) is not what a soak measures. Every address is confirmed, and the
 * admin has two-factor sign-in on (production requires it of administrators).
 */
export async function seedSoak(
  db: Db,
  counts: { doctors: number; patients: number; rooms: number },
  /** How long the rooms' visits last: longer than the run, so no room ends within it. */
  roomMinutes = 30,
) {
  const rng = createRng(30);
  const doctorIds: string[] = [];
  for (let start = 0; start < counts.doctors; start += BATCH) {
    const built = Array.from({ length: Math.min(BATCH, counts.doctors - start) }, (_, i) => ({
      userId: randomUUID(),
      doctorId: randomUUID(),
      ...buildDoctor(rng, start + i),
    }));
    await db.insert(users).values(
      built.map((b, i) => ({
        ...b.user,
        id: b.userId,
        email: `soak-doctor-${start + i}@soak.medora.dev`,
        emailVerifiedAt: new Date(),
      })),
    );
    await db.insert(doctors).values(built.map((b) => ({ ...b.doctor, id: b.doctorId, userId: b.userId })));
    doctorIds.push(...built.map((b) => b.doctorId));
  }
  const patients: SoakPeople['patients'] = [];
  for (let i = 0; i < counts.patients; i++) {
    const id = randomUUID();
    await db.insert(users).values({
      id,
      email: `soak-patient-${i}@soak.medora.dev`,
      firstName: 'Soak',
      lastName: `P${i}`,
      emailVerifiedAt: new Date(),
    });
    patients.push({ id, cookie: await cookieOf(db, id) });
  }
  const adminId = randomUUID();
  await db.insert(users).values({
    id: adminId,
    email: 'soak-admin@soak.medora.dev',
    firstName: 'Soak',
    lastName: 'Admin',
    userType: 'admin',
    emailVerifiedAt: new Date(),
  });
  await db.insert(userTotp).values({ userId: adminId, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() });
  const admin = { id: adminId, cookie: await cookieOf(db, adminId) };
  const rooms = await seedConsultations(db, counts.rooms, roomMinutes);
  return { doctorIds, patients, admin, rooms } satisfies SoakPeople;
}
