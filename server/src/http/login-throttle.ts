/**
 * Failed sign-ins per e-mail address, in memory. The per-address limit comes from
 * @fastify/rate-limit; this one stops a spread-out guessing attack on one account.
 * Memory is bounded: old windows are dropped as they expire.
 */
export class LoginThrottle {
  private failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
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
