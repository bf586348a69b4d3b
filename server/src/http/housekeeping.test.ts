import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fixedClock } from '../core/clock';
import { rateLimitCounters, sessions } from '../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';
import { startHousekeeping } from './housekeeping';
import { countHit } from './shared-counter';

const DAY = 86_400_000;
const start = new Date('2030-06-01T12:00:00Z');
const limits = { idleMs: 7 * DAY, maxAgeMs: 30 * DAY };

describe('housekeeping', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('purges idle and too-old sessions and ended windows by the app clock, keeping the rest', async () => {
    const idle = await signedInUser(t.db);
    const old = await signedInUser(t.db);
    const fresh = await signedInUser(t.db);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(start.getTime() - 8 * DAY) })
      .where(eq(sessions.userId, idle.user.id));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(start.getTime() - 31 * DAY), lastSeenAt: start })
      .where(eq(sessions.userId, old.user.id));
    await t.db.update(sessions).set({ lastSeenAt: start, createdAt: start }).where(eq(sessions.userId, fresh.user.id));
    await countHit(t.db, 'ended', 60_000, new Date(start.getTime() - 120_000));
    await countHit(t.db, 'running', 60_000, start);

    const clock = fixedClock(start);
    const housekeeping = startHousekeeping(t.db, { clock, sessionLimits: limits, log: t.app.log, everyMs: 60_000 });
    await housekeeping.runNow();
    await housekeeping.stop();

    const left = await t.db.select({ userId: sessions.userId }).from(sessions);
    const users = new Set(left.map((s) => s.userId));
    expect(users.has(fresh.user.id)).toBe(true);
    expect(users.has(idle.user.id)).toBe(false);
    expect(users.has(old.user.id)).toBe(false);
    expect((await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key)).toEqual([
      'running',
    ]);
  });

  it('runs on a timer in every app, by the app clock', async () => {
    const clock = fixedClock(start);
    const other = await createTestApp({}, { clock, housekeepingEveryMs: 20 });
    try {
      const stale = await signedInUser(other.db);
      await other.db
        .update(sessions)
        .set({ lastSeenAt: new Date(start.getTime() - 8 * DAY) })
        .where(eq(sessions.userId, stale.user.id));
      // Stale only by the app clock (2030), not by the wall clock: the purge must use the former.
      await expect
        .poll(async () => (await other.db.select().from(sessions).where(eq(sessions.userId, stale.user.id))).length, {
          timeout: 5_000,
        })
        .toBe(0);
    } finally {
      await other.close();
    }
  });
});
