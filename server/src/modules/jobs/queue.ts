import { and, eq, inArray, sql } from 'drizzle-orm';
import { JOB_MAX_ATTEMPTS, JOB_RETRY_BASE_MS, type JobKind } from '@common/constants/email';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = {
  kind: JobKind;
  payload: Record<string, unknown>;
  runAt: Date;
  appointmentId?: string | null;
  maxAttempts?: number;
};

/** Channel the worker LISTENs on; a NOTIFY sent inside the enqueuing transaction arrives at commit. */
export const JOBS_CHANNEL = 'medora_jobs';

/**
 * Adds jobs in the caller's transaction, so a job exists exactly when the change that asked for
 * it committed, and wakes the workers at commit.
 */
export async function enqueueJobs(tx: Db, list: NewJob[]): Promise<JobRow[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        payload: job.payload,
        runAt: job.runAt,
        appointmentId: job.appointmentId ?? null,
        maxAttempts: job.maxAttempts ?? JOB_MAX_ATTEMPTS,
      })),
    )
    .returning();
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return rows;
}

/**
 * Claims up to `limit` due jobs for this instance: SKIP LOCKED lets concurrent claimers pass
 * each other's rows instead of waiting, and the status change under a lease means a job is held
 * by one instance at a time even after the claiming transaction has committed. What is due
 * follows the caller's clock (tests move it); the lease follows the database's real time, so a
 * clock moved by a test never expires a lease another instance still holds.
 */
export async function claimDueJobs(db: Db, now: Date, limit: number, leaseMs: number): Promise<JobRow[]> {
  const result = await db.execute(sql`
    update ${jobs} set status = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from ${jobs}
      where status = 'queued' and run_at <= ${now.toISOString()}
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.runAt, jobs.id);
}

/** Jobs whose instance died mid-run (lease over, never finished) go back to the queue. */
export async function releaseExpiredLeases(db: Db): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ status: 'queued', lockedUntil: null })
    .where(and(eq(jobs.status, 'running'), sql`${jobs.lockedUntil} < now()`))
    .returning({ id: jobs.id });
  return released.length;
}

/** Records finished jobs (done, or dropped with the reason) in one statement. */
export async function finishJobs(
  db: Db,
  finished: { id: number; status: 'done' | 'dropped'; note: string | null }[],
  now: Date,
) {
  if (finished.length === 0) return;
  await db.execute(sql`
    update ${jobs} set status = f.status, finished_at = ${now.toISOString()}, locked_until = null, last_error = f.note
    from unnest(${`{${finished.map((f) => f.id).join(',')}}`}::bigint[],
                ${pgTextArray(finished.map((f) => f.status))}::text[],
                ${pgTextArray(finished.map((f) => f.note))}::text[]) as f(id, status, note)
    where ${jobs.id} = f.id and ${jobs.status} = 'running'`);
}

/** A text[] literal; PGlite and node-postgres both take it as one parameter. */
function pgTextArray(values: (string | null)[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`));
  return `{${items.join(',')}}`;
}

/** Delay before the next try: 30 s, 1 min, 2 min, 4 min... */
export const retryDelayMs = (attempts: number) => JOB_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);

/** A failed attempt: back to the queue with exponential backoff, or dead after the last try. */
export async function failJob(db: Db, job: JobRow, error: string, now: Date): Promise<'retry' | 'dead'> {
  const dead = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      dead
        ? { status: 'dead', finishedAt: now, lockedUntil: null, lastError: error }
        : {
            status: 'queued',
            lockedUntil: null,
            lastError: error,
            runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
          },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
  return dead ? 'dead' : 'retry';
}

/** An administrator gives a dead job a fresh set of tries. */
export async function retryDeadJob(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: now, finishedAt: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
    .returning({ id: jobs.id });
  if (rows.length) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return rows.length > 0;
}
