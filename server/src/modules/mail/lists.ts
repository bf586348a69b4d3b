import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { EmailKind, EmailStatus, JobStatus } from '@common/constants/email';
import type { Page } from '@common/schemas/admin';
import type { EmailMessage, EmailRow, JobRowReply, MailSummary } from '@common/schemas/email';
import type { Db } from '../../db/client';
import { emailMessages, jobs } from '../../db/schema';
import { notFound } from '../../core/errors';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';

type MessageRow = typeof emailMessages.$inferSelect;

const rowColumns = {
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

const presentRow = (r: Pick<MessageRow, keyof typeof rowColumns>): EmailRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

const presentMessage = (r: MessageRow): EmailMessage => ({
  ...presentRow(r),
  textBody: r.textBody,
  hasCalendarFile: r.ics !== null,
});

export async function listEmails(
  db: Db,
  query: { page: number; pageSize: number; status?: EmailStatus; kind?: EmailKind },
): Promise<Page<EmailRow>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(emailMessages.status, query.status));
  if (query.kind) filters.push(eq(emailMessages.kind, query.kind));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select(rowColumns)
      .from(emailMessages)
      .where(where)
      .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(db, db.select({ id: emailMessages.id }).from(emailMessages).where(where)),
  ]);
  return pageOf(rows.map(presentRow), total, query.page, query.pageSize);
}

export async function emailDetail(db: Db, id: string): Promise<EmailMessage> {
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
  if (!row) throw notFound('E-mail');
  return presentMessage(row);
}

/** A person's own mail, newest first (demo mode shows it on the profile instead of an inbox). */
export async function ownEmails(db: Db, userId: string): Promise<EmailMessage[]> {
  const rows = await db
    .select()
    .from(emailMessages)
    .where(eq(emailMessages.userId, userId))
    .orderBy(desc(emailMessages.createdAt), desc(emailMessages.id))
    .limit(50);
  return rows.map(presentMessage);
}

export async function listJobs(
  db: Db,
  query: { page: number; pageSize: number; status: JobStatus },
): Promise<Page<JobRowReply>> {
  const where = eq(jobs.status, query.status);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(db, db.select({ id: jobs.id }).from(jobs).where(where)),
  ]);
  return pageOf(
    rows.map((j) => ({
      id: j.id,
      kind: j.kind,
      emailKind:
        typeof (j.payload as { kind?: unknown }).kind === 'string' ? (j.payload as { kind: string }).kind : null,
      status: j.status,
      attempts: j.attempts,
      maxAttempts: j.maxAttempts,
      lastError: j.lastError,
      runAt: j.runAt.toISOString(),
      finishedAt: j.finishedAt?.toISOString() ?? null,
      appointmentId: j.appointmentId,
    })),
    total,
    query.page,
    query.pageSize,
  );
}

export async function mailSummary(db: Db, transport: MailSummary['transport']): Promise<MailSummary> {
  // Mail only: the scheduled kinds (refund retry, housekeeping) always keep one row waiting.
  const rows = await db
    .select({ status: jobs.status, n: count() })
    .from(jobs)
    .where(inArray(jobs.kind, ['email', 'reminder']))
    .groupBy(jobs.status);
  const of = (status: JobStatus) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { transport, queued: of('queued') + of('running'), dead: of('dead'), dropped: of('dropped') };
}
