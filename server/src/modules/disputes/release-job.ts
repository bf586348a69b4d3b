import { z } from 'zod';
import { defineJobKind } from '../jobs/registry';
import { bindJob } from '../jobs/worker';
import type { UnitServices } from '../events/bus';
import { releaseDueHolds } from './service';

/** Often enough that a share is released within a quarter of an hour of its window's end. */
export const OUTCOME_RELEASE_EVERY_MS = 15 * 60_000;

/** The sweep that releases held outcomes whose dispute window passed: one queued row for every instance. */
export const outcomeReleaseJob = defineJobKind({
  kind: 'outcome_release',
  version: 1,
  schema: z.object({}),
  scheduled: { everyMs: OUTCOME_RELEASE_EVERY_MS },
});

export const outcomeReleaseBinding = (services: UnitServices, now: () => Date) =>
  bindJob(outcomeReleaseJob, async () => {
    const released = await releaseDueHolds(services, now());
    if (released > 0) services.log.info({ category: 'disputes', released }, 'held outcomes released');
    return { status: 'done' };
  });
