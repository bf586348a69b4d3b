import type { SessionUser } from '../core/session-user';
import type { AuditActor } from '../modules/audit/record';

/**
 * Who is asking, as every policy sees them: the account, its role, and the request (or socket)
 * the audit ties a read to. Built once per request; never the users row.
 */
export type Viewer = { id: string; role: SessionUser['userType']; requestId: string };

export function viewerOf(request: { id: unknown }, user: Pick<SessionUser, 'id' | 'userType'>): Viewer {
  return { id: user.id, role: user.userType, requestId: String(request.id) };
}

export const actorOf = (viewer: Viewer): AuditActor => ({
  id: viewer.id,
  role: viewer.role,
  requestId: viewer.requestId,
});
