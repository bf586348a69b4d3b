import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { fixedClock } from '../core/clock';
import { jobs, rateLimitCounters, sessions } from '../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../test-support/test-app';
import { sweepHousekeeping } from './housekeeping';
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

    expect(await sweepHousekeeping(t.db, limits, t.app.log, start)).toEqual({
      sessions: 2,
      counters: 1,
      idempotencyKeys: 0,
    });

    const left = await t.db.select({ userId: sessions.userId }).from(sessions);
    const users = new Set(left.map((s) => s.userId));
    expect(users.has(fresh.user.id)).toBe(true);
    expect(users.has(idle.user.id)).toBe(false);
    expect(users.has(old.user.id)).toBe(false);
    expect((await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key)).toEqual([
      'running',
    ]);
  });

  it('runs as a scheduled job, by the app clock, and keeps one run pending', async () => {
    const clock = fixedClock(start);
    const other = await createTestApp({}, { clock, housekeepingEveryMs: 60_000, jobs: { start: true, pollMs: 20 } });
    const pending = () =>
      other.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'housekeeping'), inArray(jobs.status, ['queued', 'running'])));
    try {
      // Started with the app: one run, due one interval later by the app clock.
      const [first] = await pending();
      expect(first.runAt.getTime()).toBe(start.getTime() + 60_000);
      const stale = await signedInUser(other.db);
      await other.db
        .update(sessions)
        .set({ lastSeenAt: new Date(start.getTime() - 8 * DAY) })
        .where(eq(sessions.userId, stale.user.id));
      // Stale only by the app clock (2030), not by the wall clock: the purge must use the former.
      clock.advance(60_000);
      await expect
        .poll(async () => (await other.db.select().from(sessions).where(eq(sessions.userId, stale.user.id))).length, {
          timeout: 5_000,
        })
        .toBe(0);
      await expect.poll(async () => (await pending()).map((j) => j.status), { timeout: 5_000 }).toEqual(['queued']);
      const [next] = await pending();
      expect(next.id).not.toBe(first.id);
      expect(next.runAt.getTime()).toBe(clock.now().getTime() + 60_000);
      const [done] = await other.db.select().from(jobs).where(eq(jobs.id, first.id));
      expect(done).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await other.close();
    }
  });
});
