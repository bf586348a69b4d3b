import type { Clock } from '../core/clock';
import type { Db } from '../db/client';
import { clearCounter, countHit } from './shared-counter';

/**
 * Failed sign-ins per e-mail address. The route awaits both methods, so the in-memory throttle
 * (one instance, the embedded default) and the shared one (PostgreSQL) are interchangeable.
 */
export type SignInThrottle = {
  /** Counts an attempt before its password is checked; answers milliseconds to wait (0 = go ahead). */
  reserveAttempt(key: string): number | Promise<number>;
  /** A correct password forgets the failures. */
  reset(key: string): void | Promise<void>;
};

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * Failed sign-ins per e-mail address, in memory. The per-address limit comes from
 * @fastify/rate-limit; this one stops a spread-out guessing attack on one account.
 * Memory is bounded: old windows are dropped as they expire.
 */
export class LoginThrottle implements SignInThrottle {
  private failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxFailures = SIGN_IN_MAX_FAILURES,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0. */
  retryAfter(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const left = entry.resetAt - this.now();
    if (left <= 0) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= this.maxFailures ? left : 0;
  }

  /**
   * Counts an attempt as a failure before its password is checked and answers how long to wait
   * (0 = go ahead). Concurrent guesses therefore cannot all pass the check before any failure is
   * recorded; a correct password calls `reset`.
   */
  reserveAttempt(key: string): number {
    const wait = this.retryAfter(key);
    if (wait > 0) return wait;
    this.recordFailure(key);
    return 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.failures.size > 10_000) this.prune(now);
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}

/**
 * The same rule counted in PostgreSQL, so a guesser spreading tries over several instances still
 * gets five per window in all. Every attempt is one atomic upsert; attempts past the limit are
 * counted too (the window does not move), which is how "blocked" is told apart from "the fifth".
 */
export class SharedLoginThrottle implements SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly maxFailures = SIGN_IN_MAX_FAILURES,
    private readonly windowMs = SIGN_IN_WINDOW_MS,
  ) {}

  async reserveAttempt(key: string): Promise<number> {
    const now = this.clock.now();
    const { hits, resetAt } = await countHit(this.db, `login:${key}`, this.windowMs, now);
    return hits > this.maxFailures ? Math.max(1, resetAt.getTime() - now.getTime()) : 0;
  }

  async reset(key: string): Promise<void> {
    await clearCounter(this.db, `login:${key}`);
  }
}
