import type { AuditAction } from '@common/constants/audit';
import type { SessionUser } from '../../core/session-user';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** Who acted and in which request; built once per request by `auditActor`. */
export type AuditActor = {
  id: string | null;
  role: SessionUser['userType'] | null;
  requestId: string | null;
};

export type AuditEntry = {
  action: AuditAction;
  target: { type: string; id?: string | null };
  /** The person whose records were touched, when there is one. */
  subjectUserId?: string | null;
  /** The changed fields before and after; never health details or secrets. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export function auditActor(request: { id: unknown }, user: Pick<SessionUser, 'id' | 'userType'> | null): AuditActor {
  return { id: user?.id ?? null, role: user?.userType ?? null, requestId: String(request.id) };
}

/**
 * The one way to write the trail. Call it with the transaction that makes the change, so the
 * change and its record commit together or not at all.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(auditEvents).values({
    occurredAt: now,
    actorId: actor.id,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId,
  });
}
