import { MIN_JOINT_PRESENCE_MINUTES } from '@common/constants/platform';
import type { Db } from '../db/client';
import { consultationPresence } from '../db/schema';
import { ensureConsultation } from '../modules/consultations/participant';

/**
 * Doctor and patient in the room together since `minutes` before `now` and still there, as their
 * sockets would record it, for tests that end a consultation through the API without opening
 * sockets. The room is created if it does not exist yet.
 */
export async function bothInRoom(
  db: Db,
  consultation: { id: string; doctorUserId: string; patientId: string },
  { minutes = MIN_JOINT_PRESENCE_MINUTES, now = new Date() }: { minutes?: number; now?: Date } = {},
) {
  await ensureConsultation(db, consultation.id);
  const joinedAt = new Date(now.getTime() - minutes * 60_000);
  await db.insert(consultationPresence).values([
    { consultationId: consultation.id, userId: consultation.doctorUserId, role: 'doctor', joinedAt },
    { consultationId: consultation.id, userId: consultation.patientId, role: 'patient', joinedAt },
  ]);
}
