import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { EmailKind, EmailStatus } from '@common/constants/email';
import type { Db } from '../db/client';
import { appointments, emailMessages } from '../db/schema';
import { notFound } from '../core/errors';
import { cappedCount, offsetOf } from '../modules/platform/paging';
import { recordRead } from './access-audit';
import type { Viewer } from './viewer';

/*
 * The outbox (email_messages). A body names people and their visits, so it is health data: an
 * administrator reads any (the admin console's E-mail tab), each read audited against the person
 * it concerns; in demo mode a person reads their own (not audited). The list shows no bodies.
 */

export type EmailRowOf = typeof emailMessages.$inferSelect;

export function can(viewer: Pick<Viewer, 'id' | 'role'>, action: 'read', email: { userId: string | null }): boolean {
  switch (action) {
    case 'read':
      return viewer.role === 'admin' || email.userId === viewer.id;
  }
}

/** The SQL form of `can(viewer, 'read', …)` over email_messages. */
export const emailsVisibleTo = (viewer: Pick<Viewer, 'id' | 'role'>): SQL =>
  viewer.role === 'admin' ? sql`true` : eq(emailMessages.userId, viewer.id);

const listColumns = {
  id: emailMessages.id,
  kind: emailMessages.kind,
  toAddress: emailMessages.toAddress,
  subject: emailMessages.subject,
  status: emailMessages.status,
  attempts: emailMessages.attempts,
  lastError: emailMessages.lastError,
  createdAt: emailMessages.createdAt,
  sentAt: emailMessages.sentAt,
};

/** One page of the outbox without bodies, newest first: addresses and subjects only, not audited. */
export async function outboxPage(
  db: Db,
  viewer: Viewer,
  query: { page: number; pageSize: number; status?: EmailStatus; kind?: EmailKind },
) {
  const where = and(
    emailsVisibleTo(viewer),
    query.status ? eq(emailMessages.status, query.status) : undefined,
    query.kind ? eq(emailMessages.kind, query.kind) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(emailMessages)
      .where(where)
      .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(db, db.select({ id: emailMessages.id }).from(emailMessages).where(where)),
  ]);
  return { rows, total };
}

/**
 * One message with its body, as `can` allows (404 else). A read by someone other than the person it
 * concerns — the patient of its appointment, else its recipient — is audited as `email_messages`
 * and shows in that person's record-access log.
 */
export async function readEmail(db: Db, viewer: Viewer, id: string, now: Date): Promise<EmailRowOf> {
  const [found] = await db
    .select({ email: emailMessages, patientId: appointments.patientId })
    .from(emailMessages)
    .leftJoin(appointments, eq(appointments.id, emailMessages.appointmentId))
    .where(and(eq(emailMessages.id, id), emailsVisibleTo(viewer)));
  if (!found) throw notFound('E-mail');
  const about = found.patientId ?? found.email.userId;
  await recordRead(db, viewer, { patientId: about, kind: 'email_messages', targetId: id }, now);
  return found.email;
}

/** The viewer's own mail, newest first (the demo inbox): their own, not audited. */
export async function ownEmails(db: Db, viewer: Viewer): Promise<EmailRowOf[]> {
  return db
    .select()
    .from(emailMessages)
    .where(eq(emailMessages.userId, viewer.id))
    .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
    .limit(50);
}
