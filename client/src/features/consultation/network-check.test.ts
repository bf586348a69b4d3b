import { describe, expect, it } from 'vitest';
import { candidateType, classifyCandidates, gatherCandidateTypes } from './network-check';

describe('network test verdict', () => {
  it('host or server-reflexive candidates: a direct connection is possible', () => {
    expect(classifyCandidates(['host'])).toBe('direct');
    expect(classifyCandidates(['relay', 'srflx'])).toBe('direct');
  });
  it('relay candidates alone: relay only', () => expect(classifyCandidates(['relay', 'relay'])).toBe('relay'));
  it('nothing gathered: no connection', () => expect(classifyCandidates([])).toBe('none'));

  it('reads the type from the candidate line when the browser gives no type field', () => {
    const line = 'candidate:1 1 udp 41885439 203.0.113.7 50000 typ relay raddr 0.0.0.0 rport 0';
    expect(candidateType({ candidate: line })).toBe('relay');
    expect(candidateType({ type: 'srflx', candidate: line })).toBe('srflx');
    expect(candidateType({ candidate: 'garbage' })).toBeNull();
  });
});

type Handler = ((e: { candidate: { type: string; candidate: string } | null }) => void) | null;

/** A peer connection that "gathers" the given candidate types, then ends gathering (unless `hang`). */
function fakePeer(types: string[], { hang = false } = {}) {
  const made: { servers: unknown; closed: boolean }[] = [];
  class FakePeer {
    onicecandidate: Handler = null;
    record = { servers: null as unknown, closed: false };
    constructor(config: { iceServers: unknown }) {
      this.record.servers = config.iceServers;
      made.push(this.record);
    }
    createDataChannel() {}
    async createOffer() {
      return { type: 'offer', sdp: '' };
    }
    async setLocalDescription() {
      setTimeout(() => {
        for (const type of types) this.onicecandidate?.({ candidate: { type, candidate: `candidate:x typ ${type}` } });
        if (!hang) this.onicecandidate?.({ candidate: null });
      }, 0);
    }
    close() {
      this.record.closed = true;
    }
  }
  return { Peer: FakePeer as unknown as typeof RTCPeerConnection, made };
}

describe('gathering candidates', () => {
  it("uses the consultation's ICE servers and closes its throwaway connection", async () => {
    const { Peer, made } = fakePeer(['relay']);
    const servers = [{ urls: 'turn:turn.example.org', username: 'u', credential: 'c' }];
    expect(await gatherCandidateTypes(servers, 1000, Peer)).toEqual(['relay']);
    expect(made).toEqual([{ servers, closed: true }]);
  });

  it('gives up after the timeout when gathering never ends', async () => {
    const { Peer } = fakePeer([], { hang: true });
    expect(await gatherCandidateTypes([], 20, Peer)).toEqual([]);
  });

  it('a browser without WebRTC gathers nothing', async () => {
    expect(await gatherCandidateTypes([], 20, undefined)).toEqual([]);
  });
});
