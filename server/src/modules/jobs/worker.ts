import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { JobKind } from '@common/constants/email';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/client';
import { claimDueJobs, failJob, finishJobs, JOBS_CHANNEL, releaseExpiredLeases, type JobRow } from './queue';

/** What a handler reports: done, or dropped on purpose (recorded with its reason). Throwing means retry. */
export type JobOutcome = { status: 'done' } | { status: 'dropped'; reason: string };

/**
 * What the jobs of one claimed batch share: `once` computes a value (a settings row, say) the
 * first time a job of the batch asks and hands the same promise to the others, so a batch of 50
 * reads it once while a change made between two batches is still seen by the next one.
 */
export type BatchContext = { once<T>(key: string, compute: () => Promise<T>): Promise<T> };
export type JobHandler = (job: JobRow, batch: BatchContext) => Promise<JobOutcome>;

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
  /** Jobs of one batch run at the same time (SMTP round trips overlap). */
  concurrency?: number;
  /** How often the queue is looked at when nothing wakes the worker. */
  pollMs?: number;
  /** A claimed job not finished within this long is given to another instance. */
  leaseMs?: number;
};

/**
 * Runs due jobs: claims a batch, runs each through its kind's handler, records the outcome, and
 * repeats while there is work. It wakes on a timer and on NOTIFY from any instance's enqueue.
 * `runDue()` is the whole of one round, so tests drive the worker step by step with their clock.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private again = false;
  /** Set by stop(): a round in flight finishes its batch and claims no more. */
  private stopped = false;
  private started = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<JobKind, JobHandler>,
    options: WorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 50;
    this.concurrency = options.concurrency ?? 8;
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
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
        this.wake();
      }
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    const db = this.database.db;
    let total = 0;
    await releaseExpiredLeases(db);
    for (;;) {
      const batch = await claimDueJobs(db, this.clock.now(), this.batchSize, this.leaseMs);
      if (batch.length === 0) return total;
      await this.runBatch(batch);
      total += batch.length;
      if (this.stopped) return total;
    }
  }

  /**
   * Runs a batch in `concurrency` lanes and records the finished jobs together in one statement
   * at the end, instead of one round trip per job. A crash before that leaves them `running`;
   * their lease expires and they run again: delivery is at least once either way.
   */
  private async runBatch(batch: JobRow[]) {
    let next = 0;
    const finished: { id: number; status: 'done' | 'dropped'; note: string | null }[] = [];
    const context = batchContext();
    const lane = async () => {
      while (next < batch.length) {
        const job = batch[next++];
        const outcome = await this.runOne(job, context);
        if (outcome) finished.push({ id: job.id, ...outcome });
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.concurrency, batch.length) }, lane));
    } finally {
      await finishJobs(this.database.db, finished, this.clock.now());
    }
  }

  private async runOne(
    job: JobRow,
    context: BatchContext,
  ): Promise<{ status: 'done' | 'dropped'; note: string | null } | null> {
    const db = this.database.db;
    try {
      const outcome = await this.handlers[job.kind](job, context);
      return { status: outcome.status, note: outcome.status === 'dropped' ? outcome.reason : null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const result = await failJob(db, job, message.slice(0, 500), this.clock.now());
      this.log.warn({ category: 'jobs', jobId: job.id, kind: job.kind, attempts: job.attempts, result }, 'job failed');
      return null;
    }
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

  private wake() {
    if (this.stopped || !this.started) return;
    clearTimeout(this.timer);
    this.runDue()
      .catch((err) => this.log.error({ category: 'jobs', err }, 'job round failed'))
      .finally(() => this.schedule());
  }

  /** Stops taking new work and waits for the round in flight; its claimed jobs finish first. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
    await this.running?.catch(() => {});
  }

  private async listen(): Promise<(() => Promise<void>) | null> {
    const onNotify = () => this.wake();
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
