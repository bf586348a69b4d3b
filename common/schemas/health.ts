import { z } from 'zod';

export const healthReplySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  demoMode: z.boolean(),
  uptimeSeconds: z.number(),
});
export type HealthReply = z.infer<typeof healthReplySchema>;

/** Liveness: the process answers. Restart it only when this fails. */
export const livenessReplySchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

/** Readiness: the database answers and has every migration; send traffic only when ready. */
export const readinessReplySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending']),
});
export type ReadinessReply = z.infer<typeof readinessReplySchema>;
