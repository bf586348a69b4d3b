import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import type { Db } from '../db/client';
import { sweepOrphanBytes } from '../modules/documents/orphans';
import type { DocumentStore } from '../modules/documents/store';
import { defineJobKind } from '../modules/jobs/registry';
import { bindJob } from '../modules/jobs/worker';
import { purgeIdleSessions, type SessionLimits } from './session';
import { purgeExpiredIdempotencyKeys } from './idempotency';
import { purgeExpiredCounters } from './shared-counter';

/** Often enough that dead rows never pile up; rare enough to cost nothing. */
export const HOUSEKEEPING_EVERY_MS = 15 * 60_000;

/**
 * The housekeeping sweep, a scheduled job: one queued row shared by every instance, so one
 * instance sweeps at a time, every HOUSEKEEPING_EVERY_MS. It carries nothing.
 */
export const housekeepingJob = defineJobKind({
  kind: 'housekeeping',
  version: 1,
  schema: z.object({}),
  scheduled: { everyMs: HOUSEKEEPING_EVERY_MS },
});

/**
 * Purges sessions nobody can use any more, rate-limit windows that have ended and idempotency
 * keys past their 24 hours, by the app clock's `now`. The deletes are harmless to repeat. How many of each went.
 */
export async function sweepHousekeeping(db: Db, sessionLimits: SessionLimits, log: FastifyBaseLogger, now: Date) {
  const done = {
    sessions: await purgeIdleSessions(db, sessionLimits, now),
    counters: await purgeExpiredCounters(db, now),
    idempotencyKeys: await purgeExpiredIdempotencyKeys(db, now),
  };
  if (done.sessions > 0 || done.counters > 0 || done.idempotencyKeys > 0)
    log.info({ category: 'housekeeping', ...done }, 'purged');
  return done;
}

/** The housekeeping job in an app: the purges above and the documents' orphan bytes; `everyMs` shortens the interval (tests). */
export const housekeepingBinding = (
  db: Db,
  options: {
    documents: DocumentStore;
    clock: Clock;
    sessionLimits: SessionLimits;
    log: FastifyBaseLogger;
    everyMs?: number;
  },
) =>
  bindJob(
    housekeepingJob,
    async () => {
      const now = options.clock.now();
      await sweepHousekeeping(db, options.sessionLimits, options.log, now);
      const orphans = await sweepOrphanBytes(db, options.documents, now);
      if (orphans > 0) options.log.info({ category: 'housekeeping', orphans }, 'deleted documents’ orphan bytes');
      return { status: 'done' };
    },
    options.everyMs === undefined ? {} : { everyMs: options.everyMs },
  );
