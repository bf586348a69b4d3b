// Preloaded into the server under soak (`node --import ./bench/soak/probe.mjs`): every
// SOAK_PROBE_MS it appends resident memory, heap and the event loop's delay since the last line
// to SOAK_PROBE_FILE, so the soak measures the process from inside without touching the app.
import { appendFileSync } from 'node:fs';
import process from 'node:process';
import { setInterval } from 'node:timers';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  // The heap right after a full collection is what the process still holds: a leak shows there,
  // while RSS and the heap at a random moment move with the collector's own rhythm.
  let liveHeap = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) liveHeap = process.memoryUsage().heapUsed;
  }).observe({ entryTypes: ['gc'] });
  setInterval(
    () => {
      const memory = process.memoryUsage();
      const line = {
        at: Date.now(),
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        liveHeap,
        loopP50: ms(histogram.percentile(50)),
        loopP99: ms(histogram.percentile(99)),
        loopMax: ms(histogram.max),
      };
      histogram.reset();
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    },
    Number(process.env.SOAK_PROBE_MS ?? 10_000),
  ).unref();
}
