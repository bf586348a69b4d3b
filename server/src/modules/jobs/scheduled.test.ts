import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_MAX_ATTEMPTS, type JobKind } from '@common/constants/email';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { fixedClock } from '../../core/clock';
import { fromPool, type Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { HOUSEKEEPING_EVERY_MS, housekeepingJob } from '../../http/housekeeping';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { createTestDatabase } from '../../test-support/test-database';
import { CONSULTATION_END_EVERY_MS, consultationEndJob } from '../consultations/abandoned';
import { messageUnreadJob } from '../conversations/unread-notice';
import { emailJob, reminderJob } from '../mail/payloads';
import { REFUND_RETRY_AFTER_MS, refundRetryJob } from '../payments/refund-retry';
import { ensureScheduled, retryDeadJob, retryDelayMs } from './queue';
import { referralReleaseJob } from './referral-release';
import { OUTCOME_RELEASE_EVERY_MS, outcomeReleaseJob } from '../disputes/release-job';
import { pushJob } from '../push/job';
import { WAITLIST_SWEEP_EVERY_MS, waitlistJob } from '../waitlist/job';
import { bindJob, JobWorker, type JobBindings } from './worker';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const SCHEDULED: JobKind[] = ['refund_retry', 'housekeeping', 'outcome_release'];

const pendingOf = (db: Database['db'], kind: JobKind) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])));

describe('scheduled job kinds', () => {
  const clock = fixedClock(new Date('2030-03-01T09:00:00Z'));
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(jobs);
  });

  it('a test app that steps its worker by hand has none until it asks', async () => {
    expect(await t.db.select().from(jobs)).toEqual([]);
    await t.app.jobWorker.ensureScheduled();
    const rows = await t.db.select().from(jobs);
    expect(rows.map((r) => [r.kind, r.status, r.runAt.getTime() - clock.now().getTime()]).sort()).toEqual([
      ['consultation_end', 'queued', CONSULTATION_END_EVERY_MS],
      ['housekeeping', 'queued', HOUSEKEEPING_EVERY_MS],
      ['outcome_release', 'queued', OUTCOME_RELEASE_EVERY_MS],
      ['refund_retry', 'queued', REFUND_RETRY_AFTER_MS],
      ['waitlist', 'queued', WAITLIST_SWEEP_EVERY_MS],
    ]);
    expect(rows.every((r) => JSON.stringify(r.payload) === '{"v":1}')).toBe(true);
  });

  it('adds one pending run however many callers ask at once', async () => {
    const added = await Promise.all(
      Array.from({ length: 10 }, (_, n) => ensureScheduled(t.db, 'housekeeping', new Date(clock.now().getTime() + n))),
    );
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await pendingOf(t.db, 'housekeeping')).toHaveLength(1);
    await expect(ensureScheduled(t.db, 'email', clock.now())).rejects.toThrow('"email" is not a scheduled job kind');
  });

  it('a run adds the next one; a run that fails its last try is dead and the next is still added', async () => {
    let fail = false;
    let runs = 0;
    const bindings: JobBindings = {
      email: bindJob(emailJob, async () => ({ status: 'done' })),
      reminder: bindJob(reminderJob, async () => ({ status: 'done' })),
      referral_release: bindJob(referralReleaseJob, async () => ({ status: 'done' })),
      consultation_end: bindJob(consultationEndJob, async () => ({ status: 'done' })),
      message_unread: bindJob(messageUnreadJob, async () => ({ status: 'done' })),
      outcome_release: bindJob(outcomeReleaseJob, async () => ({ status: 'done' })),
      push: bindJob(pushJob, async () => ({ status: 'done' })),
      waitlist: bindJob(waitlistJob, async () => ({ status: 'done' })),
      refund_retry: bindJob(refundRetryJob, async () => ({ status: 'done' })),
      housekeeping: bindJob(
        housekeepingJob,
        async () => {
          runs += 1;
          if (fail) throw new Error('sweep failed');
          return { status: 'done' };
        },
        { everyMs: 60_000 },
      ),
    };
    const worker = new JobWorker(t.database, clock, log, bindings);
    await worker.ensureScheduled();
    const [first] = await pendingOf(t.db, 'housekeeping');
    expect(first.runAt.getTime()).toBe(clock.now().getTime() + 60_000);

    clock.advance(60_000);
    await worker.runDue();
    expect(runs).toBe(1);
    const [second] = await pendingOf(t.db, 'housekeeping');
    expect(second).toMatchObject({ status: 'queued', attempts: 0 });
    expect(second.runAt.getTime()).toBe(clock.now().getTime() + 60_000);
    expect((await t.db.select().from(jobs).where(eq(jobs.id, first.id)))[0].status).toBe('done');

    // Failing: the same row is retried with backoff (still the only one pending), then dead.
    fail = true;
    clock.advance(60_000);
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt++) {
      await worker.runDue();
      const pending = await pendingOf(t.db, 'housekeeping');
      expect(pending).toHaveLength(1);
      if (attempt < JOB_MAX_ATTEMPTS) {
        expect(pending[0]).toMatchObject({ id: second.id, attempts: attempt, lastError: 'sweep failed' });
        clock.advance(retryDelayMs(attempt));
      } else {
        expect(pending[0].id).not.toBe(second.id);
        expect(pending[0].runAt.getTime()).toBe(clock.now().getTime() + 60_000);
      }
    }
    const [dead] = await t.db.select().from(jobs).where(eq(jobs.id, second.id));
    expect(dead).toMatchObject({ status: 'dead', lastError: 'sweep failed' });

    // An administrator's retry takes the place of the queued next run: still one pending.
    expect(await retryDeadJob(t.db, dead.id, clock.now())).toBe(true);
    expect((await pendingOf(t.db, 'housekeeping')).map((j) => j.id)).toEqual([dead.id]);
    fail = false;
    await worker.runDue();
    const [after] = await pendingOf(t.db, 'housekeeping');
    expect(after.id).not.toBe(dead.id);
    expect((await t.db.select().from(jobs).where(eq(jobs.id, dead.id)))[0].status).toBe('done');
  });

  it('drops a stored scheduled run whose payload does not parse, and still adds the next', async () => {
    const [bad] = await t.db
      .insert(jobs)
      .values({ kind: 'refund_retry', payload: [], runAt: clock.now(), maxAttempts: 5 })
      .returning();
    await t.app.jobWorker.runDue();
    expect((await t.db.select().from(jobs).where(eq(jobs.id, bad.id)))[0]).toMatchObject({
      status: 'dropped',
      lastError: 'bad payload: not an object',
    });
    expect(await pendingOf(t.db, 'refund_retry')).toHaveLength(1);
  });
});

describe('two app instances on one database', () => {
  const clock = fixedClock(new Date('2030-04-01T09:00:00Z'));
  let first: Database & { url?: string };
  let second: Database;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    first = await createTestDatabase();
    // On PostgreSQL each instance has its own pool; PGlite has one connection for both.
    second = first.url ? fromPool(new pg.Pool({ connectionString: first.url, max: 5 })) : first;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'false' });
    // Started together, as two containers of one deployment would be.
    apps.push(
      ...(await Promise.all(
        [first, second].map((database) => buildApp({ config, database, clock, jobs: { pollMs: 10 } })),
      )),
    );
    for (const app of apps) await app.ready();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (second !== first) await second?.close();
    await first?.close();
  });

  it('never hold two pending runs of a scheduled kind, while both run them', async () => {
    const pendingCounts = async () =>
      Promise.all(SCHEDULED.map(async (kind) => (await pendingOf(first.db, kind)).length));
    const doneOf = async (kind: JobKind) =>
      (
        await first.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, kind), eq(jobs.status, 'done')))
      ).length;
    expect(await pendingCounts()).toEqual(SCHEDULED.map(() => 1));
    for (let round = 1; round <= 4; round++) {
      clock.advance(HOUSEKEEPING_EVERY_MS);
      for (;;) {
        const counts = await pendingCounts();
        expect(counts.every((n) => n <= 1)).toBe(true);
        const done = await Promise.all(SCHEDULED.map(doneOf));
        if (done.every((n) => n === round)) break;
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(await pendingCounts()).toEqual(SCHEDULED.map(() => 1));
    for (const kind of SCHEDULED) {
      const rows = await first.db.select().from(jobs).where(eq(jobs.kind, kind));
      expect(rows.filter((r) => r.status === 'done')).toHaveLength(4);
      expect(rows.filter((r) => r.status === 'done').every((r) => r.attempts === 1)).toBe(true);
      expect(rows).toHaveLength(5);
    }
  });
});
