import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { fixedClock } from '../../core/clock';
import { fromPool, type Database } from '../../db/client';
import { emailMessages, jobs } from '../../db/schema';
import { pendingBooking, payWithCard } from '../../test-support/booking-fixtures';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink';
import { createTestDatabase, testDriver } from '../../test-support/test-database';
import { enqueueJobs } from '../jobs/queue';

/** Two app instances, each with its own running worker, on one PostgreSQL and one SMTP server. */
const onPostgres = testDriver === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  const clock = fixedClock(new Date());
  let first: Database & { url?: string };
  let second: Database;
  let sink: SmtpSink;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    first = await createTestDatabase();
    second = fromPool(new pg.Pool({ connectionString: first.url, max: 5 }));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_MODE: 'false',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    });
    for (const database of [first, second]) {
      apps.push(await buildApp({ config, database, clock, jobs: { pollMs: 20, batchSize: 10 } }));
    }
    for (const app of apps) await app.ready();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
    await sink?.close();
  });

  it('sends each reminder exactly once', async () => {
    const bookings: Awaited<ReturnType<typeof pendingBooking>>[] = [];
    for (let i = 0; i < 3; i++) {
      const b = await pendingBooking(apps[i % 2], first.db, '10:00 AM', 5 + i);
      await payWithCard(apps[i % 2], b.patient.cookie, b.appointment.id);
      bookings.push(b);
    }
    // Confirmations (2 per booking) go out at once, from whichever instance claims them.
    await sink.waitFor(6, 15_000);
    // Many more reminders due at the same moment, so both workers claim from one pile.
    const due = clock.now();
    await first.db.transaction((tx) =>
      enqueueJobs(
        tx,
        Array.from({ length: 120 }, (_, n) => ({
          kind: 'email' as const,
          payload: { kind: 'booking_confirmed', appointmentId: bookings[n % 3].appointment.id, recipient: 'patient' },
          runAt: due,
          appointmentId: bookings[n % 3].appointment.id,
        })),
      ),
    );
    expect(await first.db.select().from(jobs).where(eq(jobs.kind, 'reminder'))).toHaveLength(12);
    await sink.waitFor(126, 30_000);
    // Then the real reminders: the clock moves to each booking's 24 h reminder in turn (the
    // earlier booking's 1 h reminder is then over 15 minutes late and is dropped, not sent).
    for (const b of bookings) {
      const dueAt = (await first.db.select().from(jobs).where(eq(jobs.appointmentId, b.appointment.id)))
        .filter((j) => (j.payload as { kind: string }).kind === 'reminder_24h')
        .map((j) => j.runAt.getTime())[0];
      clock.set(new Date(dueAt + 1000));
      await new Promise((r) => setTimeout(r, 200));
    }
    await sink.waitFor(132, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.messages).toHaveLength(132);
    const reminderMails = sink.messages.filter((m) => m.subject?.startsWith('Reminder:'));
    expect(reminderMails).toHaveLength(6);
    const keys = reminderMails.map((m) => `${JSON.stringify(m.to)} ${m.subject}`);
    expect(new Set(keys).size).toBe(6);
    const rows = await first.db.select().from(emailMessages);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(rows).toHaveLength(132);
    const done = await first.db.select().from(jobs).where(eq(jobs.status, 'done'));
    expect(done.every((j) => j.attempts === 1)).toBe(true);
    // The scheduled sweeps both instances started with ran as the clock moved, one pending run each.
    for (const kind of ['refund_retry', 'housekeeping'] as const) {
      const pending = await first.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])));
      expect(pending, kind).toHaveLength(1);
      expect(done.filter((j) => j.kind === kind).length, kind).toBeGreaterThan(0);
    }
  });
});
