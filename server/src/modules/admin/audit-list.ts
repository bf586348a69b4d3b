import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@common/constants/audit';
import type { AdminAuditRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';

/** The audit trail newest first, filtered by action, actor or target. */
export async function listAudit(
  db: Db,
  query: { page: number; pageSize: number; action?: AuditAction; actorId?: string; targetId?: string },
): Promise<Page<AdminAuditRow>> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditEvents.action, query.action));
  if (query.actorId) filters.push(eq(auditEvents.actorId, query.actorId));
  if (query.targetId) filters.push(eq(auditEvents.targetId, query.targetId));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        occurredAt: auditEvents.occurredAt,
        actorId: auditEvents.actorId,
        actorFirst: users.firstName,
        actorLast: users.lastName,
        actorRole: auditEvents.actorRole,
        action: auditEvents.action,
        targetType: auditEvents.targetType,
        targetId: auditEvents.targetId,
        before: auditEvents.before,
        after: auditEvents.after,
        requestId: auditEvents.requestId,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(db, db.select({ id: auditEvents.id }).from(auditEvents).where(where)),
  ]);
  const items = rows.map(({ actorFirst, actorLast, occurredAt, ...r }) => ({
    ...r,
    occurredAt: occurredAt.toISOString(),
    actorName: actorFirst ? `${actorFirst} ${actorLast}` : null,
  }));
  return pageOf(items, count, query.page, query.pageSize);
}
