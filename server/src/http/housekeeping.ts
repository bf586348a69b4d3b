import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock';
import type { Db } from '../db/client';
import { purgeIdleSessions, type SessionLimits } from './session';
import { purgeExpiredCounters } from './shared-counter';

/** Often enough that dead rows never pile up; rare enough to cost nothing. */
export const HOUSEKEEPING_EVERY_MS = 15 * 60_000;
/** Any constant shared by all instances: only one of them sweeps at a time. */
const SWEEP_LOCK = 7_310_023;

export type Housekeeping = { stop: () => Promise<void>; runNow: () => Promise<void> };

/**
 * Purges sessions nobody can use any more and rate-limit windows that have ended, on a timer.
 * With several instances on one database each runs the timer, but a sweep takes a transaction
 * advisory lock first and skips when another instance holds it; the deletes themselves are
 * harmless to repeat. Time is the app clock's.
 */
export function startHousekeeping(
  db: Db,
  options: { clock: Clock; sessionLimits: SessionLimits; log: FastifyBaseLogger; everyMs?: number },
): Housekeeping {
  const { clock, sessionLimits, log } = options;
  let running: Promise<void> | null = null;

  const sweep = async () => {
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`);
      if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return null;
      return {
        sessions: await purgeIdleSessions(tx as unknown as Db, sessionLimits, now),
        counters: await purgeExpiredCounters(tx as unknown as Db, now),
      };
    });
    if (done && (done.sessions > 0 || done.counters > 0)) log.info({ category: 'housekeeping', ...done }, 'purged');
  };

  const runNow = () => {
    running ??= sweep()
      .catch((err) => log.warn({ category: 'housekeeping', err }, 'housekeeping sweep failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void runNow(), options.everyMs ?? HOUSEKEEPING_EVERY_MS);
  timer.unref();
  return {
    runNow,
    // Waits for a sweep in flight, so the database is not closed under it.
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
