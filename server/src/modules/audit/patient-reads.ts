import type { PatientRecordKind } from '@common/constants/audit';
import type { SessionUser } from '../../core/session-user';
import type { Db } from '../../db/client';
import { auditActor, recordPatientRecordRead } from './record';

/**
 * Records that `user` was shown these patients' records in this request: one event per patient
 * and kind (a list of ten appointments of one patient is one read), with the record's id when a
 * single one was shown. The patient's own reads record nothing.
 */
export async function recordReadsOf(
  db: Db,
  request: { id: unknown },
  user: Pick<SessionUser, 'id' | 'userType'>,
  kind: PatientRecordKind,
  records: readonly { patientId: string; id?: string }[],
  now: Date,
): Promise<void> {
  const actor = auditActor(request, user);
  const byPatient = new Map<string, string | null>();
  for (const r of records) {
    if (r.patientId === user.id) continue;
    byPatient.set(r.patientId, byPatient.has(r.patientId) ? null : (r.id ?? null));
  }
  for (const [patientId, targetId] of byPatient) {
    await recordPatientRecordRead(db, actor, { patientId, kind, targetId }, now);
  }
}
