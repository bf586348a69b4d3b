/** A per-socket token bucket: `capacity` frames at once, refilled at `perSecond`. */
export type TokenBucket = { take(): boolean };

export function createTokenBucket(opts: { capacity: number; perSecond: number }, now = () => Date.now()): TokenBucket {
  let tokens = opts.capacity;
  let last = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(opts.capacity, tokens + ((t - last) / 1000) * opts.perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
