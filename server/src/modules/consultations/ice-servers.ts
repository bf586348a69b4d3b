import { callMayRun, joinPhase, joinWindow } from '@common/rules/join-window';
import type { IceServer } from '@common/schemas/consultations';
import type { Config } from '../../config';
import { localizedError } from '../../core/errors';
import type { ParticipantView } from './participant';
import { mintTurnCredential, turnExpiry, turnUserId } from './turn-credentials';

export type ParticipantIceServers = { iceServers: IceServer[]; expiresAt: Date | null };

/**
 * Our relay serves a consultation while it can still happen: active and not past the visit's end
 * plus the overrun a long call is allowed (common/rules/join-window.ts callMayRun), or waiting and
 * not past its end. An ended room, one never started in its time, or one left running after its
 * visit gets no credential, so an old booking is not a lasting pass to the relay.
 */
function relayOpen(view: ParticipantView, now: Date): boolean {
  const { status } = view.consultation;
  if (status === 'active') return callMayRun(view.appointment, now);
  return status === 'waiting' && joinPhase(view.appointment, now) !== 'over';
}

/**
 * The ICE servers one participant's browser gets for one consultation: ICE_SERVERS as configured,
 * plus our TURN relay with a credential minted for this participant and consultation. `view` is
 * the consultation as loaded for `userId`, so only a participant ever gets here.
 */
export function iceServersFor(
  config: Pick<Config, 'iceServers' | 'turn'>,
  view: ParticipantView,
  userId: string,
  now: Date,
): ParticipantIceServers {
  const { turn } = config;
  if (!turn || !relayOpen(view, now)) return { iceServers: config.iceServers, expiresAt: null };
  const expiresAt = turnExpiry({ visitEnd: joinWindow(view.appointment).closesAt, now, ttlSeconds: turn.ttlSeconds });
  const opaqueId = turnUserId(turn.secret, view.consultation.appointmentId, userId);
  const { username, credential } = mintTurnCredential(turn.secret, opaqueId, expiresAt);
  return { iceServers: [...config.iceServers, { urls: turn.urls, username, credential }], expiresAt };
}

/**
 * The refresh a running call asks for (GET /api/consultations/:id/ice-servers): once the visit can
 * no longer run, it is refused with the reason rather than answered without the relay, so a
 * client left open does not keep asking for a call that is over.
 */
export function refreshIceServers(
  config: Pick<Config, 'iceServers' | 'turn'>,
  view: ParticipantView,
  userId: string,
  now: Date,
): ParticipantIceServers {
  if (!callMayRun(view.appointment, now)) throw localizedError('conflict', 'errors.relayClosed');
  return iceServersFor(config, view, userId, now);
}
