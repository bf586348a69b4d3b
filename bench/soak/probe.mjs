// Preloaded into the server under soak (`node --import ./bench/soak/probe.mjs`): every
// SOAK_PROBE_MS it appends resident memory, heap and the event loop's delay since the last line
// to SOAK_PROBE_FILE, so the soak measures the process from inside without touching the app.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  // Statements sent to PostgreSQL: the app imports the same `pg` (an external package of the build),
  // so counting on its prototype sees every query of every pool.
  let queries = 0;
  // SOAK_PROBE_SQL=1: also which statements, counted by their first words, since the last mark.
  const texts = process.env.SOAK_PROBE_SQL ? new Map() : null;
  try {
    const pg = createRequire(`${process.cwd()}/package.json`)('pg');
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (...args) {
      queries++;
      if (texts) {
        // By its first words only: the pool sends it after an await, so the stack never shows who asked.
        const text = String(typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '')).replace(/\s+/g, ' ');
        const key = text.slice(0, 70);
        texts.set(key, (texts.get(key) ?? 0) + 1);
      }
      return query.apply(this, args);
    };
  } catch {
    // no pg here: the embedded database
  }
  // SOAK_PROBE_PROFILE=<dir>: a CPU profile of each stretch between two marks, so one action of
  // the CPU table can be read alone (files numbered in the order of the marks).
  const profileDir = process.env.SOAK_PROBE_PROFILE;
  let session = null;
  let stretch = 0;
  if (profileDir) {
    const { Session } = await import('node:inspector');
    session = new Session();
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.start');
  }
  const nextProfile = () => {
    const n = ++stretch;
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(
          `${profileDir}/${process.pid}-${String(n).padStart(3, '0')}.cpuprofile`,
          JSON.stringify(result.profile),
        );
      session.post('Profiler.start');
    });
  };
  // SIGUSR2: a line now, so the soak can read the count at the edges of a measurement.
  process.on('SIGUSR2', () => {
    if (session) nextProfile();
    const sql = texts ? [...texts].sort((a, b) => b[1] - a[1]) : undefined;
    texts?.clear();
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), mark: true, queries, sql })}\n`);
  });
  // RSS counts the pages of the node binary and its data files as they are first touched, which
  // grows for hours as rarer code runs and is given back under memory pressure; a leak shows in
  // the anonymous part (heap, buffers, malloc). Linux only; elsewhere both stay null.
  const resident = () => {
    let status = '';
    try {
      status = readFileSync('/proc/self/status', 'utf8');
    } catch {
      // not Linux
    }
    const bytes = (field) => {
      const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
      return match ? Number(match[1]) * 1024 : null;
    };
    return { rssAnon: bytes('RssAnon'), rssFile: bytes('RssFile') };
  };
  setInterval(
    () => {
      const memory = process.memoryUsage();
      const line = {
        at: Date.now(),
        queries,
        rss: memory.rss,
        ...resident(),
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
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
