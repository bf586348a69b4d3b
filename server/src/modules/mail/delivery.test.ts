import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_EVENTS } from '@common/constants/admin';
import { JOB_MAX_ATTEMPTS } from '@common/constants/email';
import { fixedClock } from '../../core/clock';
import { createApplication } from '../../db/factories';
import { emailMessages, jobs, platformSettings } from '../../db/schema';
import { pendingBooking, payWithCard } from '../../test-support/booking-fixtures';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { retryDelayMs } from '../jobs/queue';

/** A loopback port nobody listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('SMTP down', () => {
  const clock = fixedClock(new Date());
  let t: TestContext;
  let port: number;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { clock });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('retries with growing delays, dead-letters after the last try, loses nothing and can be retried', async () => {
    const b = await pendingBooking(t.app, t.db, '10:00 AM', 10);
    await payWithCard(t.app, b.patient.cookie, b.appointment.id);
    const confirmation = async () =>
      (await t.db.select().from(jobs).where(eq(jobs.appointmentId, b.appointment.id))).find(
        (j) => (j.payload as { kind: string }).kind === 'booking_confirmed',
      )!;
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      await t.app.jobWorker.runDue();
      const job = await confirmation();
      expect(job.attempts).toBe(attempt);
      expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
      if (attempt < JOB_MAX_ATTEMPTS) {
        expect(job.status).toBe('queued');
        expect(job.runAt.getTime() - clock.now().getTime()).toBe(retryDelayMs(attempt));
        // Not due yet: a round now does nothing to it.
        await t.app.jobWorker.runDue();
        expect((await confirmation()).attempts).toBe(attempt);
        clock.advance(retryDelayMs(attempt));
      } else {
        expect(job.status).toBe('dead');
      }
    }
    const [message] = await t.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.jobId, (await confirmation()).id));
    expect(message).toMatchObject({ status: 'failed', attempts: JOB_MAX_ATTEMPTS, kind: 'booking_confirmed' });

    const admin = await signedInUser(t.db, { userType: 'admin' });
    const dead = await t.app.inject({ url: '/api/admin/jobs?status=dead', headers: { cookie: admin.cookie } });
    expect(dead.statusCode).toBe(200);
    const deadIds = dead.json().items.map((j: { id: number }) => j.id);
    expect(deadIds).toContain((await confirmation()).id);
    const summary = await t.app.inject({ url: '/api/admin/mail/summary', headers: { cookie: admin.cookie } });
    expect(summary.json()).toMatchObject({ transport: 'smtp', dead: 2 });

    // The server comes back; an administrator retries the dead letters and the mail goes out.
    sink = await startSmtpSink(port);
    for (const id of deadIds) {
      const retry = await t.app.inject({
        method: 'POST',
        url: `/api/admin/jobs/${id}/retry`,
        headers: { cookie: admin.cookie },
      });
      expect(retry.statusCode).toBe(200);
    }
    await t.app.jobWorker.runDue();
    await sink.waitFor(2);
    expect(sink.messages.map((m) => m.subject).join()).toMatch(/Appointment confirmed/);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${deadIds[0]}/retry`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/999999/retry',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const [resent] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, message.id));
    expect(resent.status).toBe('sent');
  });
});

describe('outbox (no SMTP), demo mode', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(async () => t?.close());

  it('keeps every message; the recipient reads their own, the administrator reads them all', async () => {
    const b = await pendingBooking(t.app, t.db, '09:00 AM', 8);
    await payWithCard(t.app, b.patient.cookie, b.appointment.id);
    await t.app.jobWorker.runDue();
    const mine = await t.app.inject({ url: '/api/emails/mine', headers: { cookie: b.patient.cookie } });
    expect(mine.statusCode).toBe(200);
    const [own] = mine.json();
    expect(own).toMatchObject({ kind: 'booking_confirmed', status: 'stored', hasCalendarFile: true });
    // The zone named as people name it (decision 047), never its IANA id.
    expect(own.textBody).toContain('New York time');
    expect(own.textBody).not.toContain('America/New_York');
    expect(mine.json()).toHaveLength(1);

    const admin = await signedInUser(t.db, { userType: 'admin' });
    const list = await t.app.inject({ url: '/api/admin/emails?pageSize=50', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .items.map((m: { kind: string }) => m.kind)
        .sort(),
    ).toEqual(['booking_confirmed', 'booking_new']);
    const detail = await t.app.inject({ url: `/api/admin/emails/${own.id}`, headers: { cookie: admin.cookie } });
    expect(detail.json().textBody).toBe(own.textBody);
    expect(
      (await t.app.inject({ url: '/api/admin/emails?status=nope', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(400);
  });

  it('admin routes: visitors 401, other roles 403', async () => {
    const patient = await signedInUser(t.db);
    for (const url of ['/api/admin/emails', '/api/admin/jobs', '/api/admin/mail/summary']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: { cookie: patient.cookie } })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/jobs/1/retry' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/emails/mine' })).statusCode).toBe(401);
  });

  it('tells an applicant of the decision, unless the administrators switched that e-mail off', async () => {
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const apply = async (email: string) => createApplication(t.db, { email });
    const decide = (id: string, verb: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/doctor-applications/${id}/${verb}`,
        headers: { cookie: admin.cookie },
        payload: {},
      });
    const approved = await apply('ines.approved@example.com');
    expect((await decide(approved.id, 'approve')).statusCode).toBe(200);
    await t.app.jobWorker.runDue();
    const [mail] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, approved.email));
    expect(mail).toMatchObject({ kind: 'application_approved', status: 'stored' });
    expect(mail.textBody).toMatch(/non-emergency/);

    await t.db
      .update(platformSettings)
      .set({ emailEvents: EMAIL_EVENTS.filter((e) => e !== 'doctor_application_decided') });
    const rejected = await apply('ines.rejected@example.com');
    expect((await decide(rejected.id, 'reject')).statusCode).toBe(200);
    await t.app.jobWorker.runDue();
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, rejected.email))).toHaveLength(0);
    const [job] = (await t.db.select().from(jobs).where(eq(jobs.status, 'dropped'))).filter(
      (j) => (j.payload as { applicationId?: string }).applicationId === rejected.id,
    );
    expect(job.lastError).toMatch(/switched off/);
  });

  it('sends a mail job an earlier release stored (no version); drops a damaged one with its reason', async () => {
    const b = await pendingBooking(t.app, t.db, '11:00 AM', 9);
    const now = new Date();
    const [old, damaged] = await t.db
      .insert(jobs)
      .values([
        {
          kind: 'email' as const,
          payload: { kind: 'booking_cancelled', appointmentId: b.appointment.id, recipient: 'patient' },
          runAt: now,
          maxAttempts: 5,
          appointmentId: b.appointment.id,
        },
        {
          kind: 'email' as const,
          payload: { kind: 'booking_cancelled', appointmentId: b.appointment.id, recipient: 'nobody', v: 1 },
          runAt: now,
          maxAttempts: 5,
          appointmentId: b.appointment.id,
        },
      ])
      .returning();
    await t.app.jobWorker.runDue();
    const [sent] = await t.db.select().from(emailMessages).where(eq(emailMessages.jobId, old.id));
    expect(sent).toMatchObject({ kind: 'booking_cancelled', status: 'stored' });
    const [dropped] = await t.db.select().from(jobs).where(eq(jobs.id, damaged.id));
    expect(dropped.status).toBe('dropped');
    expect(dropped.lastError).toMatch(/^bad payload for email v1 \(stored as v1\): recipient: /);
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.jobId, damaged.id))).toEqual([]);
  });
});

describe('outside demo mode', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('does not mirror anyone’s mail in the app', async () => {
    const user = await signedInUser(t.db);
    expect((await t.app.inject({ url: '/api/emails/mine', headers: { cookie: user.cookie } })).statusCode).toBe(404);
  });
});
