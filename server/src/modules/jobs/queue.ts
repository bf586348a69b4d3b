import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { JOB_MAX_ATTEMPTS, JOB_RETRY_BASE_MS, type JobKind } from '@common/constants/email';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { jobs } from '../../db/schema';
import { jobKindDefinition, storedPayload, type JobKindDefinition } from './registry';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = {
  kind: JobKind;
  /** Checked against the kind's schema; stored with the kind's version beside it. */
  payload: Record<string, unknown>;
  runAt: Date;
  appointmentId?: string | null;
  maxAttempts?: number;
};

/** Channel the worker LISTENs on: `wakeJobWorkers` notifies it once the enqueuing transaction has committed. */
export const JOBS_CHANNEL = 'medora_jobs';

/**
 * A job the code should never have asked for (unknown kind, payload its schema refuses, a
 * scheduled kind): a programming error, thrown before anything is written.
 */
function checkedJob(job: NewJob) {
  const definition = jobKindDefinition(job.kind);
  if (!definition) {
    throw new Error(`enqueueJobs: unknown job kind "${String(job.kind)}" (no module declared it with defineJobKind)`);
  }
  if (definition.scheduled) {
    throw new Error(`enqueueJobs: "${job.kind}" is a scheduled kind; only ensureScheduled adds it`);
  }
  if (!(job.runAt instanceof Date) || Number.isNaN(job.runAt.getTime())) {
    throw new Error(`enqueueJobs: job of kind "${job.kind}" has no valid runAt`);
  }
  const payload = storedPayload(definition, job.payload);
  if (!payload.ok) {
    throw new Error(`enqueueJobs: bad payload for job kind "${job.kind}" v${definition.version}: ${payload.error}`);
  }
  return {
    kind: job.kind,
    payload: payload.value,
    runAt: job.runAt,
    appointmentId: job.appointmentId ?? null,
    maxAttempts: job.maxAttempts ?? JOB_MAX_ATTEMPTS,
  };
}

type CheckedJob = ReturnType<typeof checkedJob>;

/**
 * Transactions inside `gatherJobs`: the jobs they have asked for so far, not yet inserted, and the
 * removals of queued jobs asked for before them, not yet run.
 */
type Gathered = { jobs: CheckedJob[]; removals: SQL[] };
const gathering = new WeakMap<Db, Gathered>();

/** Removes the queued jobs matching any of `removals`: a job already running is left to finish. */
const removeQueued = (tx: Db, removals: SQL[]) =>
  tx.delete(jobs).where(and(eq(jobs.status, 'queued'), or(...removals)));

/** What was gathered so far, in order: the removals asked for, then the jobs. */
async function flush(tx: Db, gathered: Gathered) {
  const removals = gathered.removals.splice(0);
  if (removals.length > 0) await removeQueued(tx, removals);
  await insertChecked(tx, gathered.jobs.splice(0));
}

/**
 * Adds jobs in the caller's transaction, so a job exists exactly when the change that asked for
 * it committed. A unit of work wakes the workers after its commit (events/bus.ts), an insert
 * outside a transaction at once; the workers' poll finds the rest. Every job is checked against its kind's
 * definition first; one bad job throws and none of the list is written. Inside `gatherJobs` the
 * insert waits for the others of the same domain event.
 */
export async function enqueueJobs(tx: Db, list: NewJob[]): Promise<void> {
  if (list.length === 0) return;
  const values = list.map(checkedJob);
  const gathered = gathering.get(tx);
  if (gathered) gathered.jobs.push(...values);
  else await insertChecked(tx, values);
}

/** Inserts jobs now, checked as `enqueueJobs` checks them; the rows, for the tests that look at them. */
export async function insertJobs(tx: Db, list: NewJob[]): Promise<JobRow[]> {
  const rows = await tx.insert(jobs).values(list.map(checkedJob)).returning();
  await inserted(tx);
  return rows;
}

async function insertChecked(tx: Db, values: CheckedJob[]) {
  if (values.length === 0) return;
  await tx.insert(jobs).values(values);
  await inserted(tx);
}

async function inserted(tx: Db) {
  // Outside a transaction the rows are committed already (a transaction has rollback()).
  if ('rollback' in tx) enqueuedIn.add(tx);
  else await wakeJobWorkers(tx);
}

/** Transactions that inserted jobs: a unit of work wakes the workers after such a one commits. */
const enqueuedIn = new WeakSet<Db>();
export const enqueuedJobsIn = (tx: Db) => enqueuedIn.has(tx);

const wakeInFlight = new WeakMap<Db, Promise<void>>();

/**
 * Tells every worker that jobs are waiting, after the commit that wrote them. A NOTIFY inside the
 * writing transaction (migration 0061 until 0069) took PostgreSQL's one lock on the notification
 * queue from the commit until its WAL flush, so every booking's, payment's and cancellation's
 * commit waited for the previous one's flush (issue 39's trace of the soak). This NOTIFY is a
 * transaction of its own that waits for no flush: a wake-up is a hint, the poll is the guarantee.
 * Wake-ups asked for while one is on its way are that one. Never throws.
 */
export function wakeJobWorkers(db: Db): Promise<void> {
  const pending = wakeInFlight.get(db);
  if (pending) return pending;
  const sent = db
    .execute(sql`select set_config('synchronous_commit', 'off', true), pg_notify(${JOBS_CHANNEL}, '')`)
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => wakeInFlight.delete(db));
  wakeInFlight.set(db, sent);
  return sent;
}

/**
 * Runs `work` (one domain event's subscribers) with the jobs they ask for in `tx` gathered into
 * one insert at its end, after one delete for the removals they ask for: a cancellation's dropped
 * mail and push reminders are one statement, and the confirmation mails, the doctor's notice, both
 * sides' reminders and pushes of one booking another, not one per subscriber. Nested calls join
 * the outer one.
 */
export async function gatherJobs<T>(tx: Db, work: () => Promise<T>): Promise<T> {
  if (gathering.has(tx)) return work();
  const gathered: Gathered = { jobs: [], removals: [] };
  gathering.set(tx, gathered);
  let value: T;
  try {
    value = await work();
  } finally {
    gathering.delete(tx);
  }
  await flush(tx, gathered);
  return value;
}

/**
 * Removes queued jobs of `kind` matching `where` in `tx`; inside `gatherJobs`, at the event's end
 * with the other removals. Either way it removes every job asked for before it and none asked for
 * after it: jobs of that kind still gathered are written first (after the removals asked for
 * before them), and the gathered jobs are written after it.
 */
export async function deleteQueuedJobs(tx: Db, kind: JobKind, where: SQL | undefined): Promise<void> {
  const removal = and(eq(jobs.kind, kind), where)!;
  const gathered = gathering.get(tx);
  if (!gathered) {
    await removeQueued(tx, [removal]);
    return;
  }
  if (gathered.jobs.some((job) => job.kind === kind)) await flush(tx, gathered);
  gathered.removals.push(removal);
}

/** One job of a kind, its payload typed by the kind's definition. */
export async function enqueueJob<K extends JobKind, P>(
  tx: Db,
  definition: JobKindDefinition<K, P>,
  payload: P,
  options: { runAt: Date; appointmentId?: string | null; maxAttempts?: number },
): Promise<void> {
  await enqueueJobs(tx, [{ kind: definition.kind, payload: payload as Record<string, unknown>, ...options }]);
}

/** Any constant shared by all instances: with the kind's hash, the lock that owns a scheduled kind. */
const SCHEDULE_LOCK = 7_310_024;

/** Serialises, across instances, everything that adds or removes a scheduled kind's pending row. */
async function lockSchedule(tx: Db, kind: JobKind) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK}, hashtext(${kind}))`);
}

/** Inserts the next run of a scheduled kind unless one is already queued or running. Inside lockSchedule. */
async function insertNextRun(tx: Db, definition: JobKindDefinition, runAt: Date): Promise<JobRow | null> {
  const payload = storedPayload(definition, {});
  if (!payload.ok) throw new Error(`Scheduled job kind "${definition.kind}" refuses an empty payload`);
  const result = await tx.execute(sql`
    insert into ${jobs} (kind, payload, run_at, max_attempts)
    select ${definition.kind}, ${JSON.stringify(payload.value)}::jsonb, ${runAt.toISOString()}, ${JOB_MAX_ATTEMPTS}
    where not exists (
      select 1 from ${jobs} where kind = ${definition.kind} and status in ('queued', 'running')
    )
    returning id`);
  const id = rowsOf<{ id: number | string }>(result)[0]?.id;
  if (id === undefined) return null;
  const [row] = await tx
    .select()
    .from(jobs)
    .where(eq(jobs.id, Number(id)));
  return row;
}

function scheduledDefinition(kind: JobKind): JobKindDefinition {
  const definition = jobKindDefinition(kind);
  if (!definition?.scheduled) throw new Error(`"${kind}" is not a scheduled job kind`);
  return definition;
}

/**
 * Makes sure a scheduled kind has its one pending run: adds one at `runAt` only when no row of
 * the kind is queued or running. Under a transaction advisory lock, so instances starting
 * together still add one between them. The row added, or null when one was already there.
 */
export async function ensureScheduled(db: Db, kind: JobKind, runAt: Date): Promise<JobRow | null> {
  const definition = scheduledDefinition(kind);
  return db.transaction(async (tx) => {
    await lockSchedule(tx, kind);
    return insertNextRun(tx, definition, runAt);
  });
}

/**
 * Records the end of a scheduled job's run (done, dropped or dead) and adds its next run in the
 * same transaction, so there is never a moment with none pending nor one with two. A job whose
 * lease another instance took over changes nothing here: that instance records it.
 */
export async function finishScheduledJob(
  db: Db,
  job: JobRow,
  finished: { status: 'done' | 'dropped' | 'dead'; note: string | null },
  now: Date,
  nextRunAt: Date,
): Promise<JobRow | null> {
  const definition = scheduledDefinition(job.kind);
  return db.transaction(async (tx) => {
    await lockSchedule(tx, job.kind);
    const ended = await tx
      .update(jobs)
      .set({ status: finished.status, finishedAt: now, lockedUntil: null, lastError: finished.note })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    if (ended.length === 0) return null;
    return insertNextRun(tx, definition, nextRunAt);
  });
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
  const ids = rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
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

/**
 * An administrator gives a dead job a fresh set of tries. A scheduled kind keeps one pending row:
 * the retried job takes the place of the queued next run.
 */
export async function retryDeadJob(db: Db, id: number, now: Date): Promise<boolean> {
  const retried = await db.transaction(async (tx) => {
    const [dead] = await tx
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')));
    if (!dead) return false;
    if (jobKindDefinition(dead.kind)?.scheduled) {
      await lockSchedule(tx, dead.kind);
      await removeQueued(tx, [eq(jobs.kind, dead.kind)]);
    }
    const rows = await tx
      .update(jobs)
      .set({ status: 'queued', attempts: 0, runAt: now, finishedAt: null, lockedUntil: null })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
      .returning({ id: jobs.id });
    return rows.length > 0;
  });
  if (retried) await wakeJobWorkers(db);
  return retried;
}
