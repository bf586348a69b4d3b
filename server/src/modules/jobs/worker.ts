import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { JobKind } from '@common/constants/email';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/client';
import {
  claimDueJobs,
  ensureScheduled,
  failJob,
  finishJobs,
  finishScheduledJob,
  JOBS_CHANNEL,
  releaseExpiredLeases,
  type JobRow,
} from './queue';
import { readPayload, type JobKindDefinition } from './registry';

/** What a handler reports: done, or dropped on purpose (recorded with its reason). Throwing means retry. */
export type JobOutcome = { status: 'done' } | { status: 'dropped'; reason: string };

/**
 * What the jobs of one claimed batch share: `once` computes a value (a settings row, say) the
 * first time a job of the batch asks and hands the same promise to the others, so a batch of 50
 * reads it once while a change made between two batches is still seen by the next one.
 */
export type BatchContext = { once<T>(key: string, compute: () => Promise<T>): Promise<T> };

/** A claimed batch while its jobs run: their shared reads, how many are still running, what finished. */
type BatchRun = {
  context: BatchContext;
  left: number;
  finished: { id: number; status: 'done' | 'dropped'; note: string | null }[];
};

/** A claimed job with its payload parsed by its kind's schema (and `payloadVersion`, the version it was stored with). */
export type ParsedJob<P> = Omit<JobRow, 'payload'> & { payload: P; payloadVersion: number };
export type JobHandler<P = unknown> = (job: ParsedJob<P>, batch: BatchContext) => Promise<JobOutcome>;

/** A kind's definition with the handler that runs it in this app (and, if scheduled, how often). */
export type JobBinding<K extends JobKind = JobKind> = {
  readonly definition: JobKindDefinition<K, unknown>;
  readonly handler: JobHandler<never>;
  /** Scheduled kinds: time from the end of one run to the next (the definition's unless overridden). */
  readonly everyMs: number | null;
};
/** What a worker runs: one binding per job kind, so a kind nobody handles does not compile. */
export type JobBindings = { readonly [K in JobKind]: JobBinding<K> };

/** Binds a kind to its handler, which receives the payload typed by the kind's schema. */
export function bindJob<K extends JobKind, P>(
  definition: JobKindDefinition<K, P>,
  handler: JobHandler<NoInfer<P>>,
  options: { everyMs?: number } = {},
): JobBinding<K> {
  if (options.everyMs !== undefined && !definition.scheduled) {
    throw new Error(`Job kind "${definition.kind}" is not scheduled; it takes no everyMs`);
  }
  return {
    definition: definition as JobKindDefinition<K, unknown>,
    handler: handler as JobHandler<never>,
    everyMs: definition.scheduled ? (options.everyMs ?? definition.scheduled.everyMs) : null,
  };
}

function batchContext(): BatchContext {
  const values = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, compute: () => Promise<T>) {
      let value = values.get(key) as Promise<T> | undefined;
      if (!value) {
        value = compute();
        // A failed read is not kept: the next job of the batch tries again.
        value.catch(() => values.delete(key));
        values.set(key, value);
      }
      return value;
    },
  };
}

export type WorkerOptions = {
  /** Jobs claimed per round trip. */
  batchSize?: number;
  /**
   * Jobs of one batch run at the same time. A job is mostly waiting (database round trips, an SMTP
   * reply), so lanes, not CPU, bound the worker: 8 lanes kept up with the soak's 50 mails a second
   * only while the event loop was quiet, and fell behind for good once it was not (decision 105).
   */
  concurrency?: number;
  /** How often the queue is looked at when nothing wakes the worker. */
  pollMs?: number;
  /** A claimed job not finished within this long is given to another instance. */
  leaseMs?: number;
  /**
   * How long a wake-up waits before its round, so the jobs of several commits are claimed, run and
   * recorded together. Every enqueue notifies: at the soak's 50 mails a second, rounds started per
   * notice claimed two jobs each, and the queue's own bookkeeping was some 90 committed writes a
   * second. 0 starts at once (tests stepping the worker).
   */
  gatherMs?: number;
  /**
   * Expired leases are looked for at most this often (monotonic time): a lease is minutes long, so
   * looking every round found nothing thousands of times a minute.
   */
  leaseCheckMs?: number;
};

/**
 * Runs due jobs: claims a batch, parses each job's payload with its kind's schema, runs it
 * through the kind's handler, records the outcome, and repeats while there is work. A payload that
 * does not parse is dropped with the reason (it would fail the same way every time); one written
 * by a newer release is retried. A scheduled kind's run records its end and adds its next run in
 * one transaction. It wakes on a timer and on NOTIFY from any instance's enqueue. `runDue()` is
 * the whole of one round, so tests drive the worker step by step with their clock.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | undefined;
  private gatherTimer: NodeJS.Timeout | undefined;
  private lastLeaseCheck = -Infinity;
  private running: Promise<number> | null = null;
  private again = false;
  /** Set by stop(): a round in flight finishes its batch and claims no more. */
  private stopped = false;
  private started = false;
  /** Whether this started worker has made sure its scheduled kinds have their row (retried each round until it has). */
  private scheduledEnsured = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly gatherMs: number;
  private readonly leaseCheckMs: number;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly bindings: JobBindings,
    options: WorkerOptions = {},
  ) {
    for (const [kind, binding] of Object.entries(bindings)) {
      if (binding.definition.kind !== kind)
        throw new Error(`Job binding "${kind}" holds kind "${binding.definition.kind}"`);
    }
    this.batchSize = options.batchSize ?? 50;
    this.concurrency = options.concurrency ?? 16;
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.gatherMs = options.gatherMs ?? 0;
    this.leaseCheckMs = options.leaseCheckMs ?? Math.min(30_000, this.leaseMs);
  }

  /** Runs every job due now, batch after batch, and says how many ran. One round at a time. */
  runDue(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && this.started && !this.stopped) {
        this.again = false;
        this.wakeSoon();
      }
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    const db = this.database.db;
    // A database that was down (or not yet migrated) at start gets its scheduled rows at the first round that works.
    if (this.started && !this.scheduledEnsured) await this.ensureScheduled();
    if (performance.now() - this.lastLeaseCheck >= this.leaseCheckMs) {
      await releaseExpiredLeases(db);
      this.lastLeaseCheck = performance.now();
    }
    return this.runLanes();
  }

  /**
   * Runs due jobs in `concurrency` lanes until none is due. A lane that finds no job left to start
   * claims the next batch while the others finish theirs: waiting for a whole batch before claiming
   * the next let one slow job (a mail server's pause) hold fifteen lanes idle, and the soak's queue
   * fell behind at about 1,100 mails a minute in such minutes against 2,800 in others. Each batch's
   * finished jobs are still recorded together, in one statement, when its last job ends; a crash
   * before that leaves them `running`, their lease expires and they run again (at least once).
   */
  private async runLanes(): Promise<number> {
    const waiting: { job: JobRow; batch: BatchRun }[] = [];
    let total = 0;
    let claiming: Promise<void> | null = null;
    // Set when a claim finds nothing due, or a lane fails: no lane claims more.
    let exhausted = false;
    const claim = async () => {
      const jobs = await claimDueJobs(this.database.db, this.clock.now(), this.batchSize, this.leaseMs);
      // A batch short of full took everything due: what is enqueued from now on notifies, and what
      // falls due later is found by the poll, so one more claim would only come back empty.
      if (jobs.length < this.batchSize) exhausted = true;
      const batch: BatchRun = { context: batchContext(), left: jobs.length, finished: [] };
      for (const job of jobs) waiting.push({ job, batch });
      total += jobs.length;
    };
    const lane = async () => {
      for (;;) {
        const item = waiting.shift();
        if (!item) {
          if (exhausted || this.stopped) return;
          claiming ??= claim().finally(() => (claiming = null));
          await claiming;
          continue;
        }
        const { job, batch } = item;
        try {
          const outcome = await this.runOne(job, batch.context);
          if (outcome) batch.finished.push({ id: job.id, ...outcome });
        } finally {
          if (--batch.left === 0) await finishJobs(this.database.db, batch.finished, this.clock.now());
        }
      }
    };
    const guarded = async () => {
      try {
        await lane();
      } catch (error) {
        exhausted = true;
        throw error;
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: this.concurrency }, guarded));
    // Every lane has ended, so no job of this round is still running when it reports.
    const failed = lanes.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return total;
  }

  private async runOne(
    job: JobRow,
    context: BatchContext,
  ): Promise<{ status: 'done' | 'dropped'; note: string | null } | null> {
    const db = this.database.db;
    const binding: JobBinding = this.bindings[job.kind];
    let finished: { status: 'done' | 'dropped'; note: string | null };
    try {
      const payload = readPayload(binding.definition, job.payload);
      if (!payload.ok && payload.retry) throw new Error(payload.reason);
      if (!payload.ok) {
        // Written by an older release or damaged: nothing to run, and running it again will not help.
        this.log.warn({ category: 'jobs', jobId: job.id, kind: job.kind, reason: payload.reason }, 'job dropped');
        finished = { status: 'dropped', note: payload.reason.slice(0, 500) };
      } else {
        const handler = binding.handler as JobHandler<unknown>;
        const outcome = await handler({ ...job, payload: payload.value, payloadVersion: payload.version }, context);
        finished = { status: outcome.status, note: outcome.status === 'dropped' ? outcome.reason : null };
      }
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const now = this.clock.now();
      const result =
        binding.everyMs !== null && job.attempts >= job.maxAttempts
          ? (await this.finishScheduled(job, binding.everyMs, { status: 'dead', note: message }), 'dead')
          : await failJob(db, job, message, now);
      this.log.warn({ category: 'jobs', jobId: job.id, kind: job.kind, attempts: job.attempts, result }, 'job failed');
      return null;
    }
    if (binding.everyMs === null) return finished;
    await this.finishScheduled(job, binding.everyMs, finished);
    return null;
  }

  /** A scheduled job's end and its next run, written together (not with the batch). */
  private finishScheduled(
    job: JobRow,
    everyMs: number,
    finished: { status: 'done' | 'dropped' | 'dead'; note: string | null },
  ) {
    const now = this.clock.now();
    return finishScheduledJob(this.database.db, job, finished, now, new Date(now.getTime() + everyMs));
  }

  /**
   * Gives every scheduled kind its one pending run, `everyMs` from now, unless one is already
   * queued or running (left by an earlier start or another instance). buildApp calls it when it
   * starts the worker; tests that step the worker themselves call it, or ensureScheduled, by hand.
   */
  async ensureScheduled(): Promise<void> {
    if (this.scheduledEnsured) return;
    const now = this.clock.now();
    for (const binding of Object.values(this.bindings) as JobBinding[]) {
      if (binding.everyMs === null) continue;
      await ensureScheduled(this.database.db, binding.definition.kind, new Date(now.getTime() + binding.everyMs));
    }
    if (this.started) this.scheduledEnsured = true;
  }

  /** Polls on a timer and listens for enqueues; buildApp calls this unless a test drives the worker. */
  async start() {
    this.started = true;
    this.unlisten = await this.listen().catch((err) => {
      this.log.warn({ category: 'jobs', err }, 'job wake-ups unavailable; polling only');
      return null;
    });
    this.schedule();
  }

  private schedule() {
    if (this.stopped || !this.started) return;
    // Only ever one timer pending, however many wake-ups overlapped.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.pollMs);
    this.timer.unref();
  }

  /** A notice: the round starts after `gatherMs`, taking every notice that arrives meanwhile with it. */
  private wakeSoon() {
    if (this.gatherMs <= 0) return this.wake();
    if (this.gatherTimer || this.stopped || !this.started) return;
    this.gatherTimer = setTimeout(() => {
      this.gatherTimer = undefined;
      this.wake();
    }, this.gatherMs);
    this.gatherTimer.unref();
  }

  private wake() {
    if (this.stopped || !this.started) return;
    // Under steady load a round drains for minutes while every enqueue notifies: attaching to its
    // promise for each notice kept thousands of reactions alive until it ended (a heap snapshot of
    // the soak, issue 39). The round runs once more when it ends instead.
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.runDue()
      .catch((err) => this.log.error({ category: 'jobs', err }, 'job round failed'))
      .finally(() => this.schedule());
  }

  /** Stops taking new work and waits for the round in flight; its claimed jobs finish first. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.gatherTimer);
    this.timer = undefined;
    this.gatherTimer = undefined;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
    await this.running?.catch(() => {});
  }

  private async listen(): Promise<(() => Promise<void>) | null> {
    const onNotify = () => this.wakeSoon();
    if (this.database.pglite) return this.database.pglite.listen(JOBS_CHANNEL, onNotify);
    if (!this.database.pool) return null;
    const client: pg.PoolClient = await this.database.pool.connect();
    const onError = (err: Error) =>
      this.log.warn({ category: 'jobs', err }, 'job wake-up connection lost; polling only');
    client.on('notification', (n) => n.channel === JOBS_CHANNEL && onNotify());
    client.on('error', onError);
    await client.query(`listen ${JOBS_CHANNEL}`);
    return async () => {
      await client.query(`unlisten ${JOBS_CHANNEL}`).catch(() => {});
      client.removeAllListeners('notification');
      client.off('error', onError);
      client.release();
    };
  }
}
