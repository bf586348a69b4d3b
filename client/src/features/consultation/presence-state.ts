import type { Peer, ServerMessage } from '@common/schemas/realtime';

/**
 * The other participant as this room sees them. `arrivals` counts the sockets they opened: each one
 * may be a new page (another tab or device took over), so the doctor's side calls afresh on every
 * arrival, while its own reconnect, finding the same peer, only restarts ICE.
 */
export type PresenceState = { peer: Peer | null; arrivals: number };

export const noPresence: PresenceState = { peer: null, arrivals: 0 };

export function presenceAfter(state: PresenceState, msg: ServerMessage): PresenceState {
  switch (msg.type) {
    case 'joined': {
      const peer = msg.peers[0] ?? null;
      const arrived = peer !== null && peer.userId !== state.peer?.userId;
      return { peer, arrivals: state.arrivals + (arrived ? 1 : 0) };
    }
    case 'peer_joined':
      return { peer: msg.peer, arrivals: state.arrivals + 1 };
    case 'peer_left':
      return state.peer?.userId === msg.userId ? { ...state, peer: null } : state;
    default:
      return state;
  }
}
