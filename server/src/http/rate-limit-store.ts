import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../core/clock';
import type { Db } from '../db/client';
import { countHit } from './shared-counter';

type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store that counts in PostgreSQL, so every instance behind the proxy
 * spends from one budget per client. The plugin makes one child per limited route; its key names
 * the route, so sign-in and sign-up keep separate budgets as they do in memory. Time is the app
 * clock's, like every other rule.
 */
export function sharedRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock.now();
      countHit(db, this.prefix + key, timeWindow, now).then(
        ({ hits, resetAt }) => callback(null, { current: hits, ttl: Math.max(0, resetAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const info = (routeOptions as unknown as RouteInfo).routeInfo ?? {};
      return new SharedStore(routeOptions, `rl:${[info.method ?? ''].flat().join(',')} ${info.url ?? ''}:`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
