import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../deps';
import { sql } from 'drizzle-orm';
import { JOB_STATUSES } from '@common/constants/email';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { reportJobCounts } from '../../http/metrics';
import { metricsGate } from '../../http/metrics-access';
import { route } from '../../http/route';

/** Jobs by state, read when scraped: the queue lives in the database, shared by every instance. */
async function jobCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: jobs.status, n: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.status);
  const counts: Record<string, number> = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function metricsRoutes(app: FastifyInstance, { config, metrics, db }: AppContext) {
  const allowed = metricsGate(config.metrics);
  // Public as far as sessions go: the gate is the address list or the token, checked here, and
  // anyone else gets the same 404 as an address that does not exist.
  route(app, 'Operations').get(
    '/metrics',
    {
      access: 'public',
      summary: 'Prometheus metrics of this instance, for allowed addresses or the metrics token',
      description: 'Any other caller gets 404, as for an address that does not exist.',
      errors: { 404: 'The caller is neither on the allowed addresses nor carries the metrics token.' },
      replies: { 200: { description: 'Metrics in the Prometheus text format.', contentType: 'text/plain' } },
    },
    async ({ request, reply }) => {
      if (!allowed(request)) return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
      reportJobCounts(metrics, await jobCounts(db));
      reply.header('cache-control', 'no-store');
      reply.header('content-type', metrics.registry.contentType);
      return reply.send(await metrics.registry.metrics());
    },
  );
}
