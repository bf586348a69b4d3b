import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { auditEvents, auditReadRepeats } from '../db/schema';
import { createTestDatabase } from '../test-support/test-database';
import { READ_WINDOW_MINUTES, recordRead } from './access-audit';
import type { Viewer } from './viewer';

describe('the access audit', () => {
  let database: Database;
  const now = new Date('2026-11-23T10:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const admin: Viewer = { id: '00000000-0000-4000-8000-000000000001', role: 'admin', requestId: 'req-1' };
  const patientId = '00000000-0000-4000-8000-000000000002';
  const patient: Viewer = { id: patientId, role: 'patient', requestId: 'req-2' };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const rowsOf = (subject: string) =>
    database.db
      .select({ id: auditEvents.id, count: auditReadRepeats.readCount, targetId: auditEvents.targetId })
      .from(auditEvents)
      .leftJoin(auditReadRepeats, eq(auditReadRepeats.eventId, auditEvents.id))
      .where(eq(auditEvents.subjectUserId, subject))
      .orderBy(auditEvents.id);

  it('records reads of a patient by others, not by the patient', async () => {
    await recordRead(database.db, admin, { patientId, kind: 'profile' }, now);
    await recordRead(database.db, patient, { patientId, kind: 'profile' }, now);
    const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, patientId));
    expect(rows.map((r) => [r.actorId, r.action, r.targetType])).toEqual([
      [admin.id, 'patient_record.read', 'profile'],
    ]);
  });

  it('counts repeats of one record by one person within the window on the first row', async () => {
    const subject = '00000000-0000-4000-8000-000000000003';
    const read = (minutes: number, targetId = 'visit-1') =>
      recordRead(database.db, admin, { patientId: subject, kind: 'visit_documents', targetId }, at(minutes));
    for (const minutes of [0, 1, 2, 3]) await read(minutes);
    await read(2, 'visit-2');
    await read(READ_WINDOW_MINUTES);
    expect(await rowsOf(subject)).toEqual([
      expect.objectContaining({ targetId: 'visit-1', count: 4 }),
      expect.objectContaining({ targetId: 'visit-2', count: null }),
      expect.objectContaining({ targetId: 'visit-1', count: null }),
    ]);
  });

  it('concurrent first reads are still one row', async () => {
    const subject = '00000000-0000-4000-8000-000000000004';
    await Promise.all(
      Array.from({ length: 5 }, () => recordRead(database.db, admin, { patientId: subject, kind: 'profile' }, now)),
    );
    expect(await rowsOf(subject)).toEqual([expect.objectContaining({ count: 5 })]);
  });

  it('a count only grows: it cannot be lowered, moved to another row or deleted; the rows stay append-only', async () => {
    const [row] = await database.db.select().from(auditReadRepeats).limit(1);
    await expect(
      database.db.execute(sql`update audit_read_repeats set read_count = 2 where event_id = ${row.eventId}`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`update audit_read_repeats set last_read_at = last_read_at - interval '1 hour' where event_id = ${row.eventId}`,
      ),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_read_repeats`)).rejects.toThrow();
    await expect(database.db.execute(sql`update audit_events set target_id = 'x'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    const [after] = await database.db.select().from(auditReadRepeats).where(eq(auditReadRepeats.eventId, row.eventId));
    expect(after).toEqual(row);
  });
});
