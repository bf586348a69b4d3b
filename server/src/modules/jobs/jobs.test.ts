import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { EMAIL_KINDS, JOB_KINDS, type JobKind } from '@common/constants/email';
import { fixedClock } from '../../core/clock';
import { jobs } from '../../db/schema';
import { housekeepingJob } from '../../http/housekeeping';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import { consultationEndJob } from '../consultations/abandoned';
import { messageUnreadJob } from '../conversations/unread-notice';
import { emailJob, emailJobPayloadSchema, reminderJob, reminderJobPayloadSchema } from '../mail/payloads';
import { refundRetryJob } from '../payments/refund-retry';
import { DomainEventBus, inUnit } from '../events/bus';
import { deleteQueuedJobs, enqueueJobs, gatherJobs, insertJobs, type NewJob } from './queue';
import { referralReleaseJob } from './referral-release';
import { outcomeReleaseJob } from '../disputes/release-job';
import { pushJob } from '../push/job';
import { waitlistJob } from '../waitlist/job';
import { jobKindDefinition, readPayload, type JobKindDefinition } from './registry';
import { bindJob, JobWorker, type JobBindings, type ParsedJob } from './worker';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const clock = fixedClock(new Date('2030-03-01T09:00:00Z'));
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(jobs);
});

/** A worker whose handlers only record what they were given. */
function recordingWorker(
  overrides: Partial<JobBindings> = {},
  options: ConstructorParameters<typeof JobWorker>[4] = {},
) {
  const seen: ParsedJob<unknown>[] = [];
  const record = async (job: ParsedJob<unknown>) => {
    seen.push(job);
    return { status: 'done' as const };
  };
  const bindings: JobBindings = {
    email: bindJob(emailJob, record),
    reminder: bindJob(reminderJob, record),
    refund_retry: bindJob(refundRetryJob, record),
    housekeeping: bindJob(housekeepingJob, record),
    referral_release: bindJob(referralReleaseJob, record),
    consultation_end: bindJob(consultationEndJob, record),
    message_unread: bindJob(messageUnreadJob, record),
    outcome_release: bindJob(outcomeReleaseJob, record),
    push: bindJob(pushJob, record),
    waitlist: bindJob(waitlistJob, record),
    ...overrides,
  };
  return { seen, worker: new JobWorker(t.database, clock, log, bindings, options) };
}

const confirmation = (appointmentId: string | null = null): NewJob => ({
  kind: 'email',
  payload: { kind: 'booking_confirmed', appointmentId: randomUUID(), recipient: 'patient' },
  runAt: clock.now(),
  appointmentId,
});
const releaseOf = (referralId: string): NewJob => ({
  kind: 'referral_release',
  payload: { referralId },
  runAt: clock.now(),
});
const allJobs = () => t.db.select().from(jobs);
/** A row as an earlier release (or a damaged one) left it, written past enqueueJobs. */
const storedRow = async (kind: JobKind, payload: unknown) =>
  (await t.db.insert(jobs).values({ kind, payload, runAt: clock.now(), maxAttempts: 5 }).returning())[0];

describe('job kinds', () => {
  it('every kind is declared, with a version and a schema', () => {
    for (const kind of JOB_KINDS) {
      const definition = jobKindDefinition(kind);
      expect(definition?.kind, kind).toBe(kind);
      expect(definition!.version).toBeGreaterThanOrEqual(1);
    }
    expect(jobKindDefinition('refund_retry')?.scheduled).toBeTruthy();
    expect(jobKindDefinition('housekeeping')?.scheduled).toBeTruthy();
    expect(jobKindDefinition('email')?.scheduled).toBeUndefined();
  });

  it('every e-mail kind has a payload shape', () => {
    const kinds = [...emailJobPayloadSchema.options, reminderJobPayloadSchema].flatMap((option) => {
      const kind = option.shape.kind;
      return 'options' in kind ? kind.options : [kind.value];
    });
    expect(new Set(kinds)).toEqual(new Set(EMAIL_KINDS));
  });
});

describe('enqueueing', () => {
  it('refuses an unknown kind before writing any job of the list', async () => {
    await expect(
      t.db.transaction((tx) =>
        enqueueJobs(tx, [confirmation(), { kind: 'fax' as JobKind, payload: {}, runAt: clock.now() }]),
      ),
    ).rejects.toThrow('enqueueJobs: unknown job kind "fax"');
    expect(await allJobs()).toEqual([]);
  });

  it('refuses a payload its kind refuses, naming the field, and writes nothing', async () => {
    const bad = {
      kind: 'email' as const,
      payload: { kind: 'booking_confirmed', appointmentId: 'a-1' },
      runAt: clock.now(),
    };
    const error = await t.db.transaction((tx) => enqueueJobs(tx, [confirmation(), bad])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).constructor).toBe(Error); // a programming error, not an HTTP one
    expect((error as Error).message).toMatch(/^enqueueJobs: bad payload for job kind "email" v1: .*appointmentId/);
    expect((error as Error).message).toMatch(/recipient/);
    await expect(
      enqueueJobs(t.db, [
        {
          kind: 'reminder',
          payload: { kind: 'booking_new', appointmentId: randomUUID(), recipient: 'doctor' },
          runAt: clock.now(),
        },
      ]),
    ).rejects.toThrow(/bad payload for job kind "reminder"/);
    await expect(
      enqueueJobs(t.db, [{ kind: 'referral_release', payload: { referralId: 'nope' }, runAt: clock.now() }]),
    ).rejects.toThrow(/bad payload for job kind "referral_release" v1: .*referralId/);
    await expect(enqueueJobs(t.db, [{ ...confirmation(), runAt: new Date(Number.NaN) }])).rejects.toThrow(
      /no valid runAt/,
    );
    expect(await allJobs()).toEqual([]);
  });

  it('refuses a scheduled kind: only ensureScheduled adds one', async () => {
    await expect(enqueueJobs(t.db, [{ kind: 'housekeeping', payload: {}, runAt: clock.now() }])).rejects.toThrow(
      /"housekeeping" is a scheduled kind/,
    );
    expect(await allJobs()).toEqual([]);
  });

  it('stores the payload as parsed, with its version', async () => {
    const referralId = randomUUID();
    const [row] = await t.db.transaction((tx) =>
      insertJobs(tx, [
        { kind: referralReleaseJob.kind, payload: { referralId, extra: 'dropped' }, runAt: clock.now() },
      ]),
    );
    expect(row.payload).toEqual({ referralId, v: 1 });
    const [mail] = await insertJobs(t.db, [confirmation()]);
    expect(mail.payload).toMatchObject({ kind: 'booking_confirmed', recipient: 'patient', v: 1 });
  });
});

describe('jobs gathered for one domain event', () => {
  const released = async () => (await allJobs()).map((j) => (j.payload as { referralId?: string }).referralId);

  it('are inserted together at the end, not one statement per subscriber', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const inside = await t.db.transaction((tx) =>
      gatherJobs(tx, async () => {
        await enqueueJobs(tx, [releaseOf(first)]);
        await enqueueJobs(tx, [releaseOf(second)]);
        // Not written yet: the gathered jobs wait for the end of the event.
        return tx.select().from(jobs);
      }),
    );
    expect(inside.map((j) => (j.payload as { referralId?: string }).referralId)).not.toContain(first);
    expect(await released()).toEqual(expect.arrayContaining([first, second]));
  });

  const removalOf = (referralId: string) => sql`${jobs.payload}->>'referralId' = ${referralId}`;

  it('a removal of queued jobs of a kind sees the ones of that kind gathered before it', async () => {
    const referralId = randomUUID();
    await t.db.transaction((tx) =>
      gatherJobs(tx, async () => {
        await enqueueJobs(tx, [releaseOf(referralId)]);
        await deleteQueuedJobs(tx, 'referral_release', removalOf(referralId));
      }),
    );
    expect(await released()).not.toContain(referralId);
  });

  it('removals run before the gathered jobs are written, and spare the jobs asked for after them', async () => {
    const [queued, again, other] = [randomUUID(), randomUUID(), randomUUID()];
    await enqueueJobs(t.db, [releaseOf(queued)]);
    const inside = await t.db.transaction((tx) =>
      gatherJobs(tx, async () => {
        await deleteQueuedJobs(tx, 'referral_release', removalOf(queued));
        // Asked for after the removal, then written early by a removal of its own kind: still kept.
        await enqueueJobs(tx, [releaseOf(again)]);
        await enqueueJobs(tx, [releaseOf(other)]);
        await deleteQueuedJobs(tx, 'referral_release', removalOf(other));
        return tx.select().from(jobs);
      }),
    );
    // The second removal wrote the gathered jobs early, after the removal asked for before them.
    expect(inside.map((j) => (j.payload as { referralId?: string }).referralId)).toEqual(
      expect.arrayContaining([again, other]),
    );
    expect(inside.map((j) => (j.payload as { referralId?: string }).referralId)).not.toContain(queued);
    const ids = await released();
    expect(ids).not.toContain(queued);
    expect(ids).toContain(again);
    expect(ids).not.toContain(other);
  });

  it('a failed event writes nothing it gathered, and the transaction enqueues directly again', async () => {
    const [failed, later] = [randomUUID(), randomUUID()];
    await t.db.transaction(async (tx) => {
      await gatherJobs(tx, async () => {
        await enqueueJobs(tx, [releaseOf(failed)]);
        throw new Error('a subscriber failed');
      }).catch(() => undefined);
      await enqueueJobs(tx, [releaseOf(later)]);
    });
    const ids = await released();
    expect(ids).not.toContain(failed);
    expect(ids).toContain(later);
  });
});

describe('waking the workers', () => {
  /** A started worker that polls only hourly, with what the start itself found already run. */
  async function startedIdle(options: ConstructorParameters<typeof JobWorker>[4] = {}) {
    const recording = recordingWorker({}, { pollMs: 60 * 60_000, ...options });
    await recording.worker.start();
    await vi.waitFor(async () => expect(await recording.worker.runDue()).toBe(0));
    recording.seen.length = 0;
    return recording;
  }

  it('a unit of work that enqueued wakes a started worker once it has committed, long before its next poll', async () => {
    const { seen, worker } = await startedIdle();
    try {
      const services = { db: t.db, payments: null as never, log, rooms: null, events: new DomainEventBus([]) };
      await inUnit(services, clock.now(), async (unit) => {
        await enqueueJobs(unit.tx, [confirmation()]);
        // Not before the commit: the transaction sends no notice of its own.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(seen).toEqual([]);
      });
      await vi.waitFor(() => expect(seen.map((j) => j.kind)).toEqual(['email']), { timeout: 5000 });
    } finally {
      await worker.stop();
    }
  });

  it('an enqueue outside a transaction wakes a started worker at once', async () => {
    const { seen, worker } = await startedIdle();
    try {
      await enqueueJobs(t.db, [confirmation()]);
      await vi.waitFor(() => expect(seen.map((j) => j.kind)).toEqual(['email']), { timeout: 5000 });
    } finally {
      await worker.stop();
    }
  });

  it('a transaction of its own that enqueues notifies nobody at its commit: the next poll finds its job', async () => {
    const { seen, worker } = await startedIdle();
    try {
      await t.db.transaction(async (tx) => {
        await enqueueJobs(tx, [confirmation()]);
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(seen).toEqual([]);
      expect(await worker.runDue()).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});

describe('the queue’s own bookkeeping', () => {
  it('notices that arrive within gatherMs of each other start one round between them', async () => {
    const { seen, worker: started } = recordingWorker({}, { pollMs: 60 * 60_000, gatherMs: 300 });
    await started.start();
    try {
      await vi.waitFor(async () => expect(await started.runDue()).toBe(0));
      const rounds = vi.spyOn(started, 'runDue');
      // Five bookings' mails, each committed on its own: five notices.
      for (let i = 0; i < 5; i++) await enqueueJobs(t.db, [confirmation()]);
      await vi.waitFor(() => expect(seen).toHaveLength(5), { timeout: 5000 });
      expect(rounds).toHaveBeenCalledTimes(1);
    } finally {
      await started.stop();
    }
  });

  it('a job whose run died is found once its lease is over, and leases are looked for at most every leaseCheckMs', async () => {
    // As a crashed instance leaves it: running, its lease over (the database's clock decides).
    const died = async () =>
      (
        await t.db
          .insert(jobs)
          .values({
            ...confirmation(),
            payload: { kind: 'booking_confirmed', appointmentId: randomUUID(), recipient: 'patient', v: 1 },
            status: 'running',
            attempts: 1,
            maxAttempts: 5,
            lockedUntil: new Date(Date.now() - 60_000),
          })
          .returning()
      )[0];
    const { seen, worker } = recordingWorker({}, { leaseCheckMs: 60_000 });
    const first = await died();
    expect(await worker.runDue()).toBe(1);
    expect(seen.map((j) => j.id)).toEqual([first.id]);
    const second = await died();
    expect(await worker.runDue()).toBe(0);
    expect((await t.db.select().from(jobs).where(eq(jobs.id, second.id)))[0].status).toBe('running');
    const { seen: seenLater, worker: later } = recordingWorker({}, { leaseCheckMs: 0 });
    expect(await later.runDue()).toBe(1);
    expect(seenLater.map((j) => j.id)).toEqual([second.id]);
  });
});

describe('a long round', () => {
  it('takes the notices that arrive while it drains without holding on to any of them, and runs their jobs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    const slow = bindJob(emailJob, async (job) => {
      ran.push(job.id);
      await gate;
      return { status: 'done' as const };
    });
    const { worker: started } = recordingWorker({ email: slow }, { pollMs: 60 * 60_000 });
    await started.start();
    try {
      await vi.waitFor(async () => expect(await started.runDue()).toBe(0));
      const [first] = await insertJobs(t.db, [confirmation()]);
      await vi.waitFor(() => expect(ran).toEqual([first.id]), { timeout: 5000 });
      // The round is held by its job; count what is attached to it from here on.
      const internals = started as unknown as { running: Promise<number> | null; wake(): void };
      const round = internals.running!;
      let attached = 0;
      const then = round.then.bind(round);
      round.then = ((...args: Parameters<typeof then>) => {
        attached++;
        return then(...args);
      }) as typeof round.then;
      // A busy minute's notices (every enqueue notifies).
      for (let i = 0; i < 500; i++) internals.wake();
      const [second] = await insertJobs(t.db, [confirmation()]);
      expect(attached).toBe(0);
      release();
      await vi.waitFor(() => expect(ran).toEqual([first.id, second.id]), { timeout: 5000 });
      await vi.waitFor(async () => {
        const rows = new Map((await allJobs()).map((j) => [j.id, j.status]));
        expect([rows.get(first.id), rows.get(second.id)]).toEqual(['done', 'done']);
      });
    } finally {
      release();
      await started.stop();
    }
  });
});

describe('lanes', () => {
  it('a slow job holds only its own lane: the next batch is claimed and run while it waits', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    const { worker } = recordingWorker(
      {
        email: bindJob(emailJob, async (job) => {
          ran.push(job.payload.kind);
          if (job.payload.kind === 'booking_new') await gate;
          return { status: 'done' as const };
        }),
      },
      { batchSize: 2, concurrency: 2 },
    );
    const slow: NewJob = {
      ...confirmation(),
      payload: { kind: 'booking_new', appointmentId: randomUUID(), recipient: 'doctor' },
    };
    await enqueueJobs(t.db, [slow, confirmation(), confirmation(), confirmation()]);
    const round = worker.runDue();
    try {
      // Batches of two: the slow job's batch partner ends, and the other lane goes on to the next batch.
      await vi.waitFor(() =>
        expect(ran).toEqual(['booking_new', 'booking_confirmed', 'booking_confirmed', 'booking_confirmed']),
      );
      const statuses = async () => (await allJobs()).map((j) => j.status).sort();
      // The second batch is recorded while the first still waits for its slow job.
      await vi.waitFor(async () => expect(await statuses()).toEqual(['done', 'done', 'running', 'running']));
    } finally {
      release();
    }
    expect(await round).toBe(4);
    expect((await allJobs()).map((j) => j.status)).toEqual(['done', 'done', 'done', 'done']);
  });
});

describe('running', () => {
  it('hands the handler the payload parsed by its kind, without the version', async () => {
    const { seen, worker } = recordingWorker();
    const [row] = await insertJobs(t.db, [confirmation()]);
    expect(await worker.runDue()).toBe(1);
    expect(seen).toHaveLength(1);
    const { v: _, ...payload } = row.payload as Record<string, unknown>;
    expect(seen[0]).toMatchObject({ id: row.id, kind: 'email', payload, payloadVersion: 1 });
    expect(seen[0].payload).not.toHaveProperty('v');
    expect((await allJobs())[0]).toMatchObject({ status: 'done', lastError: null });
  });

  it('runs a row stored before payloads had versions as version 1', async () => {
    const { seen, worker } = recordingWorker();
    const appointmentId = randomUUID();
    const row = await storedRow('reminder', { kind: 'reminder_1h', appointmentId, recipient: 'doctor' });
    await worker.runDue();
    expect(seen.map((j) => [j.id, j.payloadVersion, j.payload])).toEqual([
      [row.id, 1, { kind: 'reminder_1h', appointmentId, recipient: 'doctor' }],
    ]);
    expect((await allJobs())[0].status).toBe('done');
  });

  it('drops a stored payload that does not parse, with the reason, and never calls the handler', async () => {
    const { seen, worker } = recordingWorker();
    const bad = await storedRow('email', { kind: 'booking_confirmed', appointmentId: 42, recipient: 'patient' });
    const notObject = await storedRow('referral_release', 'a string');
    const badVersion = await storedRow('referral_release', { referralId: randomUUID(), v: 'one' });
    const good = await storedRow('referral_release', { referralId: randomUUID(), v: 1 });
    expect(await worker.runDue()).toBe(4);
    expect(seen.map((j) => j.id)).toEqual([good.id]);
    const rows = new Map((await allJobs()).map((j) => [j.id, j]));
    expect(rows.get(bad.id)).toMatchObject({ status: 'dropped', attempts: 1 });
    expect(rows.get(bad.id)!.lastError).toMatch(/^bad payload for email v1 \(stored as v1\): .*appointmentId/);
    expect(rows.get(notObject.id)).toMatchObject({ status: 'dropped', lastError: 'bad payload: not an object' });
    expect(rows.get(badVersion.id)).toMatchObject({ status: 'dropped' });
    expect(rows.get(badVersion.id)!.lastError).toMatch(/version "one" is not a positive integer/);
    expect(rows.get(good.id)!.status).toBe('done');
  });

  it('leaves a payload written by a newer release to be retried, not dropped', async () => {
    const { seen, worker } = recordingWorker();
    const newer = await storedRow('referral_release', { referralId: randomUUID(), v: 2 });
    await worker.runDue();
    expect(seen).toEqual([]);
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, newer.id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toMatch(/payload version 2 is newer than this release's referral_release v1/);
  });

  it('sixteen jobs of a batch wait at once: none needs another to finish first', async () => {
    // Each job waits until sixteen have started, as jobs waiting on SMTP replies would; with fewer
    // lanes the first ones never see the sixteenth start and time out.
    let started = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const { worker } = recordingWorker({
      referral_release: bindJob(referralReleaseJob, async () => {
        if (++started === 16) openGate();
        const waited = await Promise.race([gate.then(() => true), new Promise((r) => setTimeout(r, 3000, false))]);
        if (!waited) throw new Error('the sixteenth job never started');
        return { status: 'done' as const };
      }),
    });
    const rows = [];
    for (let i = 0; i < 20; i++) rows.push(...(await insertJobs(t.db, [releaseOf(randomUUID())])));
    expect(await worker.runDue()).toBe(20);
    expect((await allJobs()).map((j) => [j.status, j.lastError])).toEqual(rows.map(() => ['done', null]));
  });

  it('a handler that throws is retried as before', async () => {
    const { worker } = recordingWorker({
      referral_release: bindJob(referralReleaseJob, async () => {
        throw new Error('not yet');
      }),
    });
    const [row] = await insertJobs(t.db, [releaseOf(randomUUID())]);
    await worker.runDue();
    const [after] = await t.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [row.id]));
    expect(after).toMatchObject({ status: 'queued', attempts: 1, lastError: 'not yet' });
  });
});

describe('payload versions', () => {
  // A kind as a later release might declare it: v2 renamed `who` to `userId`.
  const v2: JobKindDefinition<'referral_release', { userId: string }> = {
    kind: 'referral_release',
    version: 2,
    schema: z.object({ userId: z.string() }),
    upgrade: (payload, from) => (from === 1 ? { userId: payload.who } : payload),
  };

  it('brings an older payload up to the current version before parsing', () => {
    expect(readPayload(v2, { who: 'u1' })).toEqual({ ok: true, value: { userId: 'u1' }, version: 1 });
    expect(readPayload(v2, { who: 'u1', v: 1 })).toEqual({ ok: true, value: { userId: 'u1' }, version: 1 });
    expect(readPayload(v2, { userId: 'u2', v: 2 })).toEqual({ ok: true, value: { userId: 'u2' }, version: 2 });
    expect(readPayload(v2, { v: 1 })).toMatchObject({ ok: false, retry: false });
    expect(readPayload(v2, { userId: 'u3', v: 3 })).toMatchObject({ ok: false, retry: true });
  });
});
