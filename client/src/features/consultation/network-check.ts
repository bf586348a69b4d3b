import type { IceServer } from '@common/schemas/consultations';
import type { NetworkCheckResult } from '@common/constants/prechecks';

export type NetworkVerdict = Exclude<NetworkCheckResult, 'untested'>;

/**
 * What the candidates gathered say about the call: a host or server-reflexive candidate means the
 * peers can try to reach each other directly; relay candidates alone mean the TURN server will
 * carry the call; nothing means no path at all from this network.
 */
export function classifyCandidates(types: readonly string[]): NetworkVerdict {
  if (types.some((t) => t === 'host' || t === 'srflx' || t === 'prflx')) return 'direct';
  if (types.includes('relay')) return 'relay';
  return 'none';
}

/** The candidate type of an SDP candidate line ("… typ srflx raddr …"), for browsers without `.type`. */
export function candidateType(candidate: { type?: string | null; candidate: string }): string | null {
  if (candidate.type) return candidate.type;
  return /\btyp (\w+)/.exec(candidate.candidate)?.[1] ?? null;
}

const GATHER_TIMEOUT_MS = 8000;

/**
 * Gathers ICE candidates against the consultation's servers with a throwaway connection (a data
 * channel gives it something to negotiate; no media, nothing is sent to the other side).
 */
export async function gatherCandidateTypes(
  iceServers: IceServer[],
  timeoutMs = GATHER_TIMEOUT_MS,
  Peer: typeof RTCPeerConnection | undefined = globalThis.RTCPeerConnection,
): Promise<string[]> {
  if (!Peer) return [];
  const pc = new Peer({ iceServers });
  const types = new Set<string>();
  try {
    pc.createDataChannel('precall');
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      pc.onicecandidate = (event) => {
        if (!event.candidate) {
          clearTimeout(timer);
          resolve();
          return;
        }
        const type = candidateType(event.candidate);
        if (type) types.add(type);
        // One direct candidate settles the verdict; waiting for a slow TURN server adds nothing.
        if (classifyCandidates([...types]) === 'direct') {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    await pc.setLocalDescription(await pc.createOffer());
    await done;
  } catch {
    /* a browser that refuses the offer has no path either */
  } finally {
    pc.close();
  }
  return [...types];
}

export async function checkNetwork(iceServers: IceServer[]): Promise<NetworkVerdict> {
  return classifyCandidates(await gatherCandidateTypes(iceServers));
}
