import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PatientRecordKind } from '@common/constants/audit';
import type { Db } from '../db/client';
import { auditEvents, auditReadRepeats } from '../db/schema';
import { recordAudit } from '../modules/audit/record';
import { actorOf, type Viewer } from './viewer';

/** Reads of one record by one person within this many minutes of the first are one audit row. */
export const READ_WINDOW_MINUTES = 10;

/** `patientId` null: a read that names no account (an e-mail to an outside address), still audited. */
type Read = { patientId: string | null; kind: PatientRecordKind; targetId?: string | null };

/**
 * Records that `viewer` was shown a patient's record. The patient's own reads record nothing: the
 * trail answers "who else looked". A repeat within READ_WINDOW_MINUTES of the row of the first
 * read counts on that row (audit_read_repeats) instead of adding one; the window is fixed from the
 * first read, so reading all day still leaves a row every ten minutes. Only policies/ calls this:
 * the read functions there audit themselves, so no route or socket can forget it.
 */
export async function recordRead(db: Db, viewer: Viewer, read: Read, now: Date): Promise<void> {
  if (viewer.id === read.patientId) return;
  const targetId = read.targetId ?? null;
  await db.transaction(async (tx) => {
    // Two concurrent first reads would otherwise both find no row and both insert one.
    const key = `read:${viewer.id}:${read.patientId ?? ''}:${read.kind}:${targetId ?? ''}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [open] = await tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorId, viewer.id),
          gt(auditEvents.occurredAt, new Date(now.getTime() - READ_WINDOW_MINUTES * 60_000)),
          eq(auditEvents.action, 'patient_record.read'),
          read.patientId === null ? isNull(auditEvents.subjectUserId) : eq(auditEvents.subjectUserId, read.patientId),
          eq(auditEvents.targetType, read.kind),
          targetId === null ? isNull(auditEvents.targetId) : eq(auditEvents.targetId, targetId),
        ),
      )
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(1);
    if (!open) {
      await recordAudit(
        tx,
        actorOf(viewer),
        { action: 'patient_record.read', target: { type: read.kind, id: targetId }, subjectUserId: read.patientId },
        now,
      );
      return;
    }
    await tx
      .insert(auditReadRepeats)
      .values({ eventId: open.id, readCount: 2, lastReadAt: now })
      .onConflictDoUpdate({
        target: auditReadRepeats.eventId,
        set: {
          readCount: sql`${auditReadRepeats.readCount} + 1`,
          lastReadAt: sql`greatest(${auditReadRepeats.lastReadAt}, excluded.last_read_at)`,
        },
      });
  });
}

/**
 * A list shown in one request: one read per patient and kind (ten appointments of one patient are
 * one read), with the record's id when a single one of theirs was shown.
 */
export async function recordReads(
  db: Db,
  viewer: Viewer,
  kind: PatientRecordKind,
  records: readonly { patientId: string; id?: string }[],
  now: Date,
): Promise<void> {
  const byPatient = new Map<string, string | null>();
  for (const r of records) {
    if (r.patientId === viewer.id) continue;
    byPatient.set(r.patientId, byPatient.has(r.patientId) ? null : (r.id ?? null));
  }
  for (const [patientId, targetId] of byPatient) await recordRead(db, viewer, { patientId, kind, targetId }, now);
}
