type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a later task, so the browser may paint and answer a tap between two pieces of
 * start-up work: a phone counts every task over 50 ms as time it could not respond. Where the
 * browser has `scheduler.yield`, the rest runs before other waiting tasks, as if it had not yielded.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
