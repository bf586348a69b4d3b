/**
 * The outbreak listing and totals change only when a sync runs, yet every visitor of the page asks
 * for them. Replies are kept per app for a few seconds and dropped when this instance syncs; another
 * instance's sync shows here within the same few seconds.
 */
export const OUTBREAK_REPLY_TTL_MS = 5_000;

export function createReplyCache(ttlMs = OUTBREAK_REPLY_TTL_MS) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { at: now, value });
      // A failed load is not kept: the next request tries again.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
