import { z } from 'zod';
import { defineJobKind } from './registry';

/**
 * A referral reward held for the refund window is released when this one-off job runs (the
 * referrals module enqueues it with `runAt` at the window's end and binds its handler).
 * Declared here, below referrals, so the module that enqueues it and the app that binds it share
 * one definition.
 */
export const referralReleaseJob = defineJobKind({
  kind: 'referral_release',
  version: 1,
  schema: z.object({ referralId: z.uuid() }),
});
