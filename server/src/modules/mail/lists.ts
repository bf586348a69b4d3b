import { count, desc, eq, inArray } from 'drizzle-orm';
import type { EmailKind, EmailStatus, JobStatus } from '@common/constants/email';
import type { Page } from '@common/schemas/admin';
import type { EmailMessage, EmailRow, JobRowReply, MailSummary } from '@common/schemas/email';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { outboxPage, ownEmails as ownEmailRows, readEmail, type EmailRowOf } from '../../policies/email';
import type { Viewer } from '../../policies/viewer';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';

type MessageRow = EmailRowOf;

const presentRow = (r: Pick<MessageRow, keyof EmailRow>): EmailRow => ({
  id: r.id,
  kind: r.kind,
  toAddress: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

const presentMessage = (r: MessageRow): EmailMessage => ({
  ...presentRow(r),
  textBody: r.textBody,
  hasCalendarFile: r.ics !== null,
});

/** The outbox, a page at a time, without bodies (policies/email.ts reads it). */
export async function listEmails(
  db: Db,
  viewer: Viewer,
  query: { page: number; pageSize: number; status?: EmailStatus; kind?: EmailKind },
): Promise<Page<EmailRow>> {
  const { rows, total } = await outboxPage(db, viewer, query);
  return pageOf(rows.map(presentRow), total, query.page, query.pageSize);
}

/** One e-mail with its body; the policy refuses anyone else's (404) and audits the read. */
export async function emailDetail(db: Db, viewer: Viewer, id: string, now: Date): Promise<EmailMessage> {
  return presentMessage(await readEmail(db, viewer, id, now));
}

/** A person's own mail, newest first (demo mode shows it on the profile instead of an inbox). */
export async function ownEmails(db: Db, viewer: Viewer): Promise<EmailMessage[]> {
  return (await ownEmailRows(db, viewer)).map(presentMessage);
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
