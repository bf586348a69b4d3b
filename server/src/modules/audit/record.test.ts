import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { createTestDatabase } from '../../test-support/test-database';
import { recordAudit } from './record';

describe('audit trail', () => {
  let database: Database;
  const now = new Date('2026-11-23T10:00:00Z');
  const admin = { id: '00000000-0000-4000-8000-000000000001', role: 'admin' as const, requestId: 'req-1' };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('records who did what to which target, before and after, when and in which request', async () => {
    await recordAudit(
      database.db,
      admin,
      {
        action: 'doctor.status',
        target: { type: 'doctor', id: 'd1' },
        before: { isActive: true },
        after: { isActive: false },
      },
      now,
    );
    const [row] = await database.db.select().from(auditEvents).where(eq(auditEvents.targetId, 'd1'));
    expect(row).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      action: 'doctor.status',
      targetType: 'doctor',
      before: { isActive: true },
      after: { isActive: false },
      requestId: 'req-1',
      occurredAt: now,
    });
  });

  it('refuses to change or delete a recorded event', async () => {
    await expect(database.db.execute(sql`update audit_events set action = 'doctor.verify'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    expect((await database.db.select().from(auditEvents)).length).toBe(1);
  });
});
