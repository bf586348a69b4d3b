import { z } from 'zod';
import type { UnitServices } from '../events/bus';
import { defineJobKind } from '../jobs/registry';
import { bindJob } from '../jobs/worker';
import { doctorsWithLines, matchDoctor } from './offers';

/** Often enough that an offer lapses within a minute of its time and a schedule change is seen as soon. */
export const WAITLIST_SWEEP_EVERY_MS = 60_000;

/**
 * The waitlist's sweep: one queued row for every instance. It lapses offers whose time ran out and
 * offers what is free to each doctor's line, so what no event announces (time off removed, hours
 * widened, an unpaid hold running out by itself) and an after-commit pass that failed still reach
 * the line.
 */
export const waitlistJob = defineJobKind({
  kind: 'waitlist',
  version: 1,
  schema: z.object({}),
  scheduled: { everyMs: WAITLIST_SWEEP_EVERY_MS },
});

/** One pass over every line; `matchDoctor` takes each doctor's lock, so instances never double-offer. */
export async function sweepWaitlist(services: UnitServices, now: Date): Promise<number> {
  let offered = 0;
  for (const doctorId of await doctorsWithLines(services.db)) {
    try {
      offered += await matchDoctor(services, doctorId, now);
    } catch (err) {
      services.log.error({ err, category: 'waitlist', doctorId }, 'waitlist pass failed; the next sweep repeats it');
    }
  }
  return offered;
}

export const waitlistBinding = (services: UnitServices, now: () => Date) =>
  bindJob(waitlistJob, async () => {
    const offered = await sweepWaitlist(services, now());
    if (offered > 0) services.log.info({ category: 'waitlist', offered }, 'waitlist offers made');
    return { status: 'done' };
  });
