import { eq } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { emailMessages } from '../../db/schema';
import type { JobHandler } from '../jobs/worker';
import { composeEmail, isMarketing } from './compose';
import type { Mailer } from './mailer';
import type { EmailJobPayload } from './payloads';
import { renderEmail } from './template';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

type MessageRow = typeof emailMessages.$inferSelect;

/**
 * The job handler of every e-mail: composes the message on its first attempt and stores it (one
 * row per job, so retries reuse it), then hands it to the mailer. A failure is recorded on the
 * row and rethrown, so the queue retries with backoff and finally dead-letters; the row then says
 * `failed`. Bodies and addresses are never logged.
 */
export function emailJobHandler({
  db,
  mailer,
  clock,
  origin,
}: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  origin: string;
}): JobHandler {
  return async (job) => {
    let [message] =
      job.attempts > 1 ? await db.select().from(emailMessages).where(eq(emailMessages.jobId, job.id)) : [];
    if (!message) {
      const composed = await composeEmail(db, origin, job.payload as EmailJobPayload, clock.now());
      if ('dropped' in composed) return { status: 'dropped', reason: composed.dropped };
      const { html, text } = await renderEmail(composed.content);
      [message] = await db
        .insert(emailMessages)
        .values({
          jobId: job.id,
          userId: composed.userId,
          appointmentId: composed.appointmentId,
          kind: composed.kind,
          toAddress: composed.toAddress,
          subject: composed.content.subject,
          textBody: text,
          htmlBody: html,
          ics: composed.ics?.content ?? null,
          status: composed.suppressed ? 'skipped' : 'queued',
          lastError: composed.suppressed ? 'unsubscribed from marketing e-mail' : null,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: emailMessages.jobId })
        .returning();
      // Stored by an earlier attempt (a dead letter given new tries starts counting again).
      message ??= (await db.select().from(emailMessages).where(eq(emailMessages.jobId, job.id)))[0];
    }
    if (message.status !== 'queued') return { status: 'done' };
    await send(db, mailer, clock, origin, message, job.attempts >= job.maxAttempts, job.attempts);
    return { status: 'done' };
  };
}

async function send(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  origin: string,
  message: MessageRow,
  lastTry: boolean,
  attempts: number,
) {
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
    await db
      .update(emailMessages)
      .set({
        status: mailer.transport === 'smtp' ? 'sent' : 'stored',
        sentAt: clock.now(),
        attempts,
        lastError: null,
        providerMessageId: messageId,
      })
      .where(eq(emailMessages.id, message.id));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db
      .update(emailMessages)
      .set({ status: lastTry ? 'failed' : 'queued', attempts, lastError: reason })
      .where(eq(emailMessages.id, message.id));
    throw error;
  }
}
