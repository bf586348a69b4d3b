import type { JoinStamp } from './bus';

/** A NOTIFY arrives well within this; a join older than that was announced before the other one. */
const JOIN_RACE_MS = 2_000;

/**
 * Whether a local socket joined before a join announced by another instance. A local join older
 * than the race window was already announced, so the newcomer is newer whatever the clocks say.
 * Joins within the window (two tabs opened at once) are ordered by time, then socket id, which
 * both instances compare alike, so exactly one socket keeps the room.
 */
export function joinedBefore(local: JoinStamp | undefined, remote: JoinStamp, now: number): boolean {
  if (!local || now - local.at > JOIN_RACE_MS) return true;
  return local.at < remote.at || (local.at === remote.at && local.socket < remote.socket);
}
