import { eq } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { emailMessages } from '../../db/schema';
import { bindJob, type JobHandler } from '../jobs/worker';
import { ACCOUNT_LINK_EMAIL_KINDS } from '@common/constants/email';
import { composeEmail, enabledEmailEvents, isMarketing, readAppointmentForMail } from './compose';
import type { Mailer } from './mailer';
import { emailJob, reminderJob, type EmailJobPayload } from './payloads';
import { renderEmail } from './template';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

type MessageRow = typeof emailMessages.$inferSelect;

/**
 * The job handler of every e-mail. On its first attempt it composes and renders the message and
 * sends it, then stores it with the outcome in one insert (one row per job). A failed send is
 * stored as still queued with its error and rethrown, so the queue retries with backoff, reusing
 * the stored message, and finally dead-letters it; the row then says `failed`. Bodies and
 * addresses are never logged. The payload arrives parsed by the job kind's schema.
 */
export function emailJobHandler({
  db,
  mailer,
  clock,
  origin,
  keepLinks = false,
}: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  origin: string;
  /** Demo mode: the outbox copy keeps single-use links, so the demo inbox can show them. */
  keepLinks?: boolean;
}): JobHandler<EmailJobPayload> {
  return async (job, batch) => {
    const lastTry = job.attempts >= job.maxAttempts;
    const [stored] =
      job.attempts > 1 ? await db.select().from(emailMessages).where(eq(emailMessages.jobId, job.id)) : [];
    // A stored copy without its link cannot be sent again: such a mail is composed afresh, new link and all.
    const resendable = stored && !(ACCOUNT_LINK_EMAIL_KINDS.includes(stored.kind) && !keepLinks);
    if (stored && stored.status !== 'queued') return { status: 'done' };
    if (stored && resendable) {
      const sent = await send(db, mailer, origin, stored);
      await db
        .update(emailMessages)
        .set(outcome(mailer, clock, sent, lastTry, job.attempts))
        .where(eq(emailMessages.id, stored.id));
      if (sent.error) throw sent.error;
      return { status: 'done' };
    }
    const composed = await composeEmail(
      db,
      origin,
      job.payload,
      clock.now(),
      () => batch.once('email-events', () => enabledEmailEvents(db)),
      (id) => batch.once(`appointment:${id}`, () => readAppointmentForMail(db, id)),
    );
    if ('dropped' in composed) return { status: 'dropped', reason: composed.dropped };
    const { html, text } = await renderEmail(composed.content);
    const message = {
      jobId: job.id,
      userId: composed.userId,
      appointmentId: composed.appointmentId,
      kind: composed.kind,
      toAddress: composed.toAddress,
      subject: composed.content.subject,
      textBody: text,
      htmlBody: html,
      ics: composed.ics?.content ?? null,
      createdAt: clock.now(),
    };
    if (composed.suppressed) {
      await db
        .insert(emailMessages)
        .values({ ...message, status: 'skipped', lastError: 'unsubscribed from marketing e-mail' })
        .onConflictDoNothing({ target: emailMessages.jobId });
      return { status: 'done' };
    }
    const sent = await send(db, mailer, origin, message);
    // A row left by an earlier attempt (a dead letter given new tries) is brought up to date.
    const kept = composed.secret && !keepLinks ? withoutSecret(message, composed.secret) : message;
    const values = { ...kept, ...outcome(mailer, clock, sent, lastTry, job.attempts) };
    const { jobId: _, createdAt: __, ...update } = values;
    await db.insert(emailMessages).values(values).onConflictDoUpdate({ target: emailMessages.jobId, set: update });
    if (sent.error) throw sent.error;
    return { status: 'done' };
  };
}

/** The outbox copy of a mail with a single-use link: administrators reading it cannot use the link. */
function withoutSecret<M extends { textBody: string; htmlBody: string }>(message: M, secret: string): M {
  const hidden = 'link-removed';
  return {
    ...message,
    textBody: message.textBody.replaceAll(secret, hidden),
    htmlBody: message.htmlBody.replaceAll(secret, hidden).replaceAll(encodeURIComponent(secret), hidden),
  };
}

/** The mail job kinds (`email`, `reminder`) bound to the one handler that sends them. */
export function mailJobBindings(deps: Parameters<typeof emailJobHandler>[0]) {
  const deliver = emailJobHandler(deps);
  return { email: bindJob(emailJob, deliver), reminder: bindJob(reminderJob, deliver) };
}

type Sent = { error: Error | null; messageId: string | null };

function outcome(mailer: Mailer, clock: Clock, { error, messageId }: Sent, lastTry: boolean, attempts: number) {
  if (error) {
    const reason = error.message.slice(0, 500);
    return { status: lastTry ? ('failed' as const) : ('queued' as const), attempts, lastError: reason };
  }
  return {
    status: mailer.transport === 'smtp' ? ('sent' as const) : ('stored' as const),
    sentAt: clock.now(),
    attempts,
    lastError: null,
    providerMessageId: messageId,
  };
}

/** Hands a message to the mailer; resolves to its error instead of throwing it, so it can be stored. */
async function send(
  db: Db,
  mailer: Mailer,
  origin: string,
  message: Pick<MessageRow, 'kind' | 'userId' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'ics'>,
): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (isMarketing(message.kind) && message.userId) {
    // One-click unsubscribe (RFC 8058): mail providers POST to this address themselves.
    headers['List-Unsubscribe'] = `<${unsubscribeUrl(origin, await unsubscribeToken(db, message.userId))}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const cancel = message.ics?.includes('METHOD:CANCEL');
  try {
    const { messageId } = await mailer.send({
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody,
      ics: message.ics ? { content: message.ics, method: cancel ? 'CANCEL' : 'PUBLISH' } : null,
      headers,
    });
    return { error: null, messageId };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)), messageId: null };
  }
}
