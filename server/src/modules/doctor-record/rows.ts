import type { Db } from '../../db/client';
import { doctors } from '../../db/schema';
import { notFound } from '../../core/errors';
import { doctorsOwnedBy } from '../../policies/doctor';

type DoctorRow = typeof doctors.$inferSelect;

/** The doctor row of a user's account, or null when the user has none (not a doctor, or no draft yet). */
export async function ownDoctorRow(db: Db, userId: string): Promise<DoctorRow | null> {
  const [row] = await db
    .select()
    .from(doctors)
    .where(doctorsOwnedBy({ id: userId }))
    .limit(1);
  return row ?? null;
}

/** The doctor's row, created empty (unverified draft) the first time it is needed. */
export async function ensureDoctorRow(db: Db, userId: string): Promise<DoctorRow> {
  await db.insert(doctors).values({ userId }).onConflictDoNothing({ target: doctors.userId });
  const row = await ownDoctorRow(db, userId);
  if (!row) throw notFound('Doctor profile');
  return row;
}
