import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '@common/schemas/admin';
import {
  adminEmailQuerySchema,
  adminJobQuerySchema,
  emailIdParamsSchema,
  emailMessageListSchema,
  emailMessageSchema,
  emailRowSchema,
  jobIdParamsSchema,
  jobRetryReplySchema,
  jobRowSchema,
  mailSummarySchema,
  unsubscribeQuerySchema,
} from '@common/schemas/email';
import { localizedError, notFound } from '../../core/errors';
import type { AppContext } from '../../deps';
import { emailMessages, jobs } from '../../db/schema';
import { route } from '../../http/route';
import { retryDeadJob } from '../jobs/queue';
import { auditActor, recordAudit } from '../audit/record';
import { viewerOf } from '../../policies/viewer';
import { emailDetail, listEmails, listJobs, mailSummary, ownEmails } from './lists';
import { unsubscribePage } from './pages';
import { optOutOfMarketing, verifyUnsubscribeToken } from './unsubscribe';

export async function mailRoutes(app: FastifyInstance, { db, clock, config, mailer }: AppContext) {
  const r = route(app);
  const access = 'admin' as const;

  // Mail providers send the one-click unsubscribe as a form post (RFC 8058); only these routes read forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  r.get(
    '/api/admin/emails',
    {
      access,
      summary: 'Lists every e-mail Medora composed, sent or not, newest first, with its delivery status',
      schema: { querystring: adminEmailQuerySchema, response: { 200: pageOf(emailRowSchema) } },
    },
    async ({ request, user }) => listEmails(db, viewerOf(request, user), request.query),
  );
  r.get(
    '/api/admin/emails/:id',
    {
      access,
      summary: 'Shows one e-mail with its plain-text body',
      schema: { params: emailIdParamsSchema, response: { 200: emailMessageSchema } },
    },
    async ({ request, user }) => emailDetail(db, viewerOf(request, user), request.params.id, clock.now()),
  );
  r.get(
    '/api/admin/mail/summary',
    {
      access,
      summary: 'Says how mail leaves (SMTP or outbox only) and counts queued, dead-lettered and dropped jobs',
      schema: { response: { 200: mailSummarySchema } },
    },
    async () => mailSummary(db, mailer.transport),
  );
  r.get(
    '/api/admin/jobs',
    {
      access,
      summary: 'Lists background jobs in one state (dead letters by default) with their last error',
      schema: { querystring: adminJobQuerySchema, response: { 200: pageOf(jobRowSchema) } },
    },
    async ({ request }) => listJobs(db, request.query),
  );
  r.post(
    '/api/admin/jobs/:id/retry',
    {
      access,
      summary: 'Gives a dead-lettered job a fresh set of attempts',
      schema: {
        params: jobIdParamsSchema,
        response: { 200: jobRetryReplySchema },
      },
    },
    async ({ request, user }) => {
      const { id } = request.params;
      const now = clock.now();
      const retried = await db.transaction(async (tx) => {
        if (!(await retryDeadJob(tx, id, now))) return false;
        // Who sent a job (and the people its payload names) back into the queue, in the same transaction.
        await recordAudit(
          tx,
          auditActor(request, user),
          { action: 'job.retry', target: { type: 'job', id: String(id) } },
          now,
        );
        await tx
          .update(emailMessages)
          .set({ status: 'queued' })
          .where(and(eq(emailMessages.jobId, id), eq(emailMessages.status, 'failed')));
        return true;
      });
      if (!retried) {
        const [existing] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
        throw existing ? localizedError('conflict', 'errors.deadLetteredJobRetried') : notFound('Job');
      }
      return { id, status: 'queued' as const };
    },
  );

  r.get(
    '/api/emails/mine',
    {
      access: 'user',
      summary: 'Demo mode: the e-mails Medora would have sent you, newest first',
      schema: { response: { 200: emailMessageListSchema } },
    },
    async ({ request, user }) => {
      // Outside demo mode mail goes to the real inbox; the app does not mirror it.
      if (!config.demoMode) throw notFound('Page');
      return ownEmails(db, viewerOf(request, user));
    },
  );

  r.get(
    '/api/email/unsubscribe',
    {
      access: 'public',
      summary: 'Opens the page that confirms unsubscribing from marketing e-mail (the link in each marketing e-mail)',
      replies: {
        200: {
          description: 'The confirmation page; 400 is the same page saying the link is not valid.',
          contentType: 'text/html',
        },
      },
      schema: { querystring: unsubscribeQuerySchema },
    },
    async ({ request, reply }) => {
      const valid = (await verifyUnsubscribeToken(db, request.query.token)) !== null;
      return reply
        .status(valid ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(valid ? 'confirm' : 'invalid', request.query.token));
    },
  );
  r.post(
    '/api/email/unsubscribe',
    {
      access: 'public',
      summary: 'One-click unsubscribe from marketing e-mail (List-Unsubscribe-Post); transactional e-mail continues',
      replies: {
        200: {
          description: 'A page saying marketing e-mail is off; 400 for a link that is not valid.',
          contentType: 'text/html',
        },
      },
      schema: { querystring: unsubscribeQuerySchema },
    },
    async ({ request, reply }) => {
      const userId = await verifyUnsubscribeToken(db, request.query.token);
      const done = userId !== null && (await optOutOfMarketing(db, userId, clock.now()));
      return reply
        .status(done ? 200 : 400)
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(done ? 'done' : 'invalid'));
    },
  );
}
