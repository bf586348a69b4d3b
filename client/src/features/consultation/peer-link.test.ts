import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTART_AFTER_MS, RETRY_AFTER_MS } from './ice-recovery';
import { PeerLink, type PeerLinkOptions } from './peer-link';

type Track = { kind: string; id: string };
class FakeSender {
  track: Track | null = null;
  async replaceTrack(track: Track | null) {
    this.track = track;
  }
}
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  offers: RTCOfferOptions[] = [];
  transceivers: { receiver: { track: Track }; sender: FakeSender; direction: string }[] = [];
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  ontrack: ((e: { track: Track }) => void) | null = null;
  onicecandidate: ((e: { candidate: null }) => void) | null = null;
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addTransceiver(kind: string, init: { direction: string }) {
    this.transceivers.push({
      receiver: { track: { kind, id: `r-${kind}` } },
      sender: new FakeSender(),
      direction: init.direction,
    });
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer(options: RTCOfferOptions = {}) {
    this.offers.push(options);
    return { type: 'offer', sdp: `offer ${this.offers.length}` };
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'answer' };
  }
  async setLocalDescription(d: { type: string; sdp: string }) {
    this.localDescription = d;
    this.signalingState = d.type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(d: { type: string; sdp: string }) {
    this.remoteDescription = d;
    if (d.type === 'offer') {
      this.signalingState = 'have-remote-offer';
      for (const kind of ['audio', 'video'].filter((k) => !this.transceivers.some((t) => t.receiver.track.kind === k)))
        this.addTransceiver(kind, { direction: 'recvonly' });
    } else this.signalingState = 'stable';
  }
  async addIceCandidate() {}
  close() {
    this.connectionState = 'closed';
  }
  /** The browser moving ICE (and with it the connection) to a new state. */
  ice(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
    const connection = ({ checking: 'connecting', completed: 'connected' } as Record<string, RTCPeerConnectionState>)[
      state
    ];
    this.connectionState = connection ?? (state as RTCPeerConnectionState);
    this.onconnectionstatechange?.();
  }
}

const camera = { kind: 'video', id: 'camera' };
const mic = { kind: 'audio', id: 'mic' };

function makeLink(role: 'doctor' | 'patient') {
  const sent: Parameters<PeerLinkOptions['send']>[0][] = [];
  const reconnecting: boolean[] = [];
  const link = new PeerLink({
    role,
    kind: 'video',
    iceServers: [],
    send: (s) => sent.push(s),
    onRemoteStream: () => {},
    onState: () => {},
    onReconnecting: (on) => reconnecting.push(on),
  });
  link.setLocalStream({ getTracks: () => [mic, camera] } as unknown as MediaStream);
  return { link, sent, reconnecting, offers: () => sent.filter((s) => s.type === 'webrtc_offer') };
}

/** Lets the link's awaited offer/answer steps run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('ICE restart after a drop (fake RTCPeerConnection)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePeerConnection.made = [];
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal(
      'MediaStream',
      class {
        addTrack() {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function connectedDoctor() {
    const d = makeLink('doctor');
    await d.link.call(true);
    const pc = FakePeerConnection.made[0];
    pc.ice('checking');
    pc.ice('connected');
    return { ...d, pc };
  }

  it('lets a blip shorter than 2 s heal by itself', async () => {
    const { pc, offers, reconnecting } = await connectedDoctor();
    pc.ice('disconnected');
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_MS - 1);
    pc.ice('connected');
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS * 3);
    expect(offers()).toHaveLength(1);
    expect(reconnecting).toEqual([false]); // only the initial state of the first connection
  });

  it('restarts ICE on the same connection after 2 s disconnected, and is back to normal once connected', async () => {
    const { pc, offers, reconnecting } = await connectedDoctor();
    const session = offers()[0].session;
    pc.ice('disconnected');
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_MS);
    expect(reconnecting.at(-1)).toBe(true);
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(pc.offers.at(-1)).toEqual({ iceRestart: true });
    expect(offers().at(-1)).toMatchObject({ session, sdp: 'offer 2' });
    pc.ice('checking');
    pc.ice('connected');
    expect(reconnecting.at(-1)).toBe(false);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS * 3);
    expect(offers()).toHaveLength(2);
  });

  it('tries again every 8 s while the network is still down, and restarts a failed connection at once', async () => {
    const { pc, offers } = await connectedDoctor();
    pc.ice('disconnected');
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_MS);
    expect(offers()).toHaveLength(2);
    pc.ice('checking');
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    expect(offers()).toHaveLength(3);
    // A failure during a restart waits for the retry; the retry still comes.
    pc.ice('failed');
    await settle();
    expect(offers()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    expect(offers()).toHaveLength(4);
    expect(pc.offers.slice(1)).toEqual([{ iceRestart: true }, { iceRestart: true }, { iceRestart: true }]);
    pc.ice('connected');

    pc.ice('failed'); // a fresh failure, no drop before it
    await settle();
    expect(offers()).toHaveLength(5);
    expect(FakePeerConnection.made).toHaveLength(1);
  });

  it('the patient shows Reconnecting without making offers, and answers the restart on the same connection', async () => {
    const p = makeLink('patient');
    await p.link.handleSignal({ type: 'webrtc_offer', consultationId: 'c', from: 'd', session: 's1', sdp: 'offer 1' });
    const pc = FakePeerConnection.made[0];
    pc.ice('connected');
    pc.ice('disconnected');
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_MS + RETRY_AFTER_MS * 2);
    expect(p.reconnecting.at(-1)).toBe(true);
    expect(p.offers()).toEqual([]);
    await p.link.handleSignal({ type: 'webrtc_offer', consultationId: 'c', from: 'd', session: 's1', sdp: 'offer 2' });
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(p.sent.filter((s) => s.type === 'webrtc_answer')).toHaveLength(2);
    pc.ice('connected');
    expect(p.reconnecting.at(-1)).toBe(false);
  });

  it('stops watching once closed', async () => {
    const { link, pc, offers } = await connectedDoctor();
    pc.ice('disconnected');
    link.close();
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS * 3);
    expect(offers()).toHaveLength(1);
  });
});

describe('what the video sender sends', () => {
  beforeEach(() => {
    FakePeerConnection.made = [];
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal(
      'MediaStream',
      class {
        addTrack() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the screen while sharing, the camera after, nothing at all while voice only', async () => {
    const { link } = makeLink('doctor');
    await link.call(true);
    const [audio, video] = FakePeerConnection.made[0].transceivers.map((t) => t.sender);
    expect([audio.track, video.track]).toEqual([mic, camera]);
    const screen = { kind: 'video', id: 'screen' };
    link.setScreenTrack(screen as unknown as MediaStreamTrack);
    expect(video.track).toBe(screen);
    link.setScreenTrack(null);
    expect(video.track).toBe(camera);
    link.setVideoPaused(true);
    expect([audio.track, video.track]).toEqual([mic, null]);
    link.setVideoPaused(false);
    expect(video.track).toBe(camera);
  });
});
