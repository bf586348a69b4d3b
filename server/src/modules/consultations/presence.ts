import { inArray, sql } from 'drizzle-orm';
import type { ConsultationRole } from '@common/constants/consultation-types';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { consultationPresence } from '../../db/schema';

/** A socket entered the room; returns the row to close when it leaves. */
export async function recordJoin(
  db: Db,
  input: { consultationId: string; userId: string; role: ConsultationRole },
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(consultationPresence)
    .values({ ...input, joinedAt: now })
    .returning({ id: consultationPresence.id });
  return row.id;
}

/** Sockets left the room (leave frame, close, missed heartbeat). Only open rows are closed. */
export async function recordLeave(db: Db, presenceIds: string[], now: Date): Promise<void> {
  if (presenceIds.length === 0) return;
  await db
    .update(consultationPresence)
    // A clock set back (tests, a corrected host clock) never makes an interval negative.
    .set({ leftAt: sql`greatest(${consultationPresence.joinedAt}, ${now.toISOString()}::timestamptz)` })
    .where(sql`${inArray(consultationPresence.id, presenceIds)} and ${consultationPresence.leftAt} is null`);
}

/**
 * Seconds doctor and patient were in the room at the same time, up to `endedAt`. Each side's
 * intervals are merged first (two tabs, a reconnect) so nothing is counted twice; a row still open
 * counts until the end, since its socket was in the room when the consultation ended.
 */
export async function jointPresenceSeconds(db: Db, consultationId: string, endedAt: Date): Promise<number> {
  const end = sql`${endedAt.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with spans as (
      select role, tstzrange(joined_at, least(coalesce(left_at, ${end}), ${end})) as span
      from ${consultationPresence}
      where consultation_id = ${consultationId} and joined_at < ${end}
    ), together as (
      select range_agg(span) filter (where role = 'doctor') * range_agg(span) filter (where role = 'patient') as spans
      from spans
    )
    select coalesce(sum(extract(epoch from upper(s) - lower(s))), 0)::float8 as seconds
    from together, unnest(together.spans) as s`);
  return Number(rowsOf<{ seconds: number }>(result)[0]?.seconds ?? 0);
}
