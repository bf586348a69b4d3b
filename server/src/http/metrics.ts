import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';

export type Metrics = {
  registry: Registry;
  chatMessagesSent: Counter;
  jobs: Gauge<'state'>;
};

type Sources = { database: Database; openSockets: () => number };

/**
 * One registry per app, never prom-client's global one: two apps in one process (tests, the
 * multi-instance test) would otherwise register the same metric names twice. Process metrics
 * (CPU, memory, event-loop lag) start timers and observers that live as long as the process, so
 * they are left out of test apps, which come and go by the hundred.
 */
export function createMetrics({ database, openSockets }: Sources, options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  new Gauge({
    name: 'medora_db_pool_connections',
    help: 'Database connections by state; the embedded database is one in-process connection.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (pool) {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
        this.set({ state: 'idle' }, 1);
        this.set({ state: 'waiting' }, 0);
      }
    },
  });
  new Gauge({
    name: 'medora_websocket_open_sockets',
    help: 'Consultation WebSockets open on this instance.',
    registers: [registry],
    collect() {
      this.set(openSockets());
    },
  });
  return {
    registry,
    chatMessagesSent: new Counter({
      name: 'medora_chat_messages_sent_total',
      help: 'Chat messages stored and delivered, counted on the instance the sender is connected to.',
      registers: [registry],
    }),
    jobs: new Gauge({
      name: 'medora_jobs',
      help: 'Background jobs by state, as last reported by the job queue (the same on every instance).',
      labelNames: ['state'] as const,
      registers: [registry],
    }),
  };
}

/**
 * The job queue's hook: report the number of jobs in each state whenever it has counted them.
 * States not mentioned keep their last value.
 */
export function reportJobCounts(metrics: Metrics, counts: Record<string, number>): void {
  for (const [state, count] of Object.entries(counts)) metrics.jobs.set({ state }, count);
}

/**
 * Request durations by route pattern (`/api/appointments/:id`), never by raw URL: ids would make
 * a new series per record. Requests no route matched share one label.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'medora_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
