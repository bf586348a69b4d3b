import type { IceServer } from '@common/schemas/consultations';
import { IceRecovery } from './ice-recovery';
import type { CallKind } from './media';
import type { SignalFrame } from './use-consultation-socket';

type OutSignal =
  | { type: 'webrtc_offer' | 'webrtc_answer'; session: string; sdp: string }
  | { type: 'webrtc_ice'; session: string; candidate: IceCandidate };

type IceCandidate = {
  candidate: string;
  sdpMid: string | null;
  sdpMLineIndex: number | null;
  usernameFragment: string | null;
};

export type PeerLinkOptions = {
  /** The doctor always makes the offers and the patient answers, so offers never collide. */
  role: 'doctor' | 'patient';
  kind: CallKind;
  iceServers: IceServer[];
  send: (signal: OutSignal) => void;
  onRemoteStream: (stream: MediaStream | null) => void;
  onState: (state: RTCPeerConnectionState) => void;
  /** True from an ICE restart after a drop until media flows again. */
  onReconnecting?: (reconnecting: boolean) => void;
};

const newSession = () => Math.random().toString(36).slice(2, 12);

/**
 * One side of the call. A "session" names one RTCPeerConnection; the doctor starts a new session
 * when the patient (re)joins, and restarts ICE on the same session after its own socket reconnects
 * or when the connection drops (ice-recovery.ts).
 */
export class PeerLink {
  private pc: RTCPeerConnection | null = null;
  private session: string | null = null;
  private local: MediaStream | null = null;
  private queuedIce: RTCIceCandidateInit[] = [];
  private closed = false;
  private recovery: IceRecovery | null = null;
  private screen: MediaStreamTrack | null = null;
  private videoPaused = false;

  constructor(private readonly opts: PeerLinkOptions) {}

  setLocalStream(stream: MediaStream | null): void {
    this.local = stream;
    if (this.pc) this.attachLocalTracks(this.pc);
  }

  /** The screen instead of the camera (null: the camera again); no renegotiation either way. */
  setScreenTrack(track: MediaStreamTrack | null): void {
    this.screen = track;
    if (this.pc) this.attachLocalTracks(this.pc);
  }

  /** Voice only: the video sender sends nothing at all (a disabled track would still send black frames). */
  setVideoPaused(paused: boolean): void {
    this.videoPaused = paused;
    if (this.pc) this.attachLocalTracks(this.pc);
  }

  getStats(): Promise<RTCStatsReport> | null {
    return this.pc?.getStats() ?? null;
  }

  /** Doctor: call the patient; `fresh` starts a new connection, otherwise ICE restarts on the current one. */
  async call(fresh: boolean): Promise<void> {
    if (this.opts.role !== 'doctor' || this.closed) return;
    // ICE restarts a failed connection too; only a closed one needs a new RTCPeerConnection.
    const usable = this.pc && this.pc.connectionState !== 'closed';
    if (fresh || !usable) this.open(newSession());
    const pc = this.pc!;
    const offer = await pc.createOffer(fresh || !usable ? {} : { iceRestart: true });
    await pc.setLocalDescription(offer);
    this.opts.send({ type: 'webrtc_offer', session: this.session!, sdp: pc.localDescription!.sdp });
  }

  async handleSignal(frame: SignalFrame): Promise<void> {
    if (this.closed || frame.type === 'media_state' || frame.type === 'call_quality') return;
    if (frame.type === 'webrtc_offer' && this.opts.role === 'patient') {
      if (frame.session !== this.session || !this.pc) this.open(frame.session);
      const pc = this.pc!;
      await pc.setRemoteDescription({ type: 'offer', sdp: frame.sdp });
      for (const transceiver of pc.getTransceivers()) transceiver.direction = 'sendrecv';
      this.attachLocalTracks(pc);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.opts.send({ type: 'webrtc_answer', session: frame.session, sdp: pc.localDescription!.sdp });
      await this.flushIce();
      return;
    }
    if (frame.session !== this.session || !this.pc) return; // an older connection's leftovers
    if (frame.type === 'webrtc_answer' && this.opts.role === 'doctor') {
      if (this.pc.signalingState !== 'have-local-offer') return;
      await this.pc.setRemoteDescription({ type: 'answer', sdp: frame.sdp });
      await this.flushIce();
      return;
    }
    if (frame.type === 'webrtc_ice' && frame.candidate) {
      if (this.pc.remoteDescription) await this.pc.addIceCandidate(frame.candidate).catch(() => {});
      else this.queuedIce.push(frame.candidate);
    }
  }

  close(): void {
    this.closed = true;
    this.recovery?.stop();
    this.opts.onReconnecting?.(false);
    this.pc?.close();
    this.pc = null;
    this.opts.onRemoteStream(null);
  }

  private open(session: string): void {
    this.pc?.close();
    this.recovery?.stop();
    this.opts.onReconnecting?.(false);
    this.session = session;
    this.queuedIce = [];
    const pc = new RTCPeerConnection({ iceServers: this.opts.iceServers });
    this.pc = pc;
    const recovery = new IceRecovery({
      canRestart: this.opts.role === 'doctor',
      restart: () => void this.call(false).catch(() => {}),
      onReconnecting: (on) => this.opts.onReconnecting?.(on),
    });
    this.recovery = recovery;
    if (this.opts.role === 'doctor') {
      pc.addTransceiver('audio', { direction: 'sendrecv' });
      if (this.opts.kind === 'video') pc.addTransceiver('video', { direction: 'sendrecv' });
      this.attachLocalTracks(pc);
    }
    const remote = new MediaStream();
    pc.ontrack = (event) => {
      remote.addTrack(event.track);
      this.opts.onRemoteStream(remote);
    };
    pc.onicecandidate = (event) => {
      const c = event.candidate;
      if (c) {
        const candidate = {
          candidate: c.candidate,
          sdpMid: c.sdpMid,
          sdpMLineIndex: c.sdpMLineIndex,
          usernameFragment: c.usernameFragment,
        };
        this.opts.send({ type: 'webrtc_ice', session, candidate });
      }
    };
    pc.onconnectionstatechange = () => {
      if (this.pc === pc) this.opts.onState(pc.connectionState);
    };
    pc.oniceconnectionstatechange = () => {
      if (this.pc === pc) recovery.update(pc.iceConnectionState);
    };
    this.opts.onState(pc.connectionState);
  }

  /** Tracks go into the existing transceivers, so adding media later needs no renegotiation. */
  private attachLocalTracks(pc: RTCPeerConnection): void {
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      const camera = this.local?.getTracks().find((t) => t.kind === kind) ?? null;
      const track = kind !== 'video' ? camera : this.videoPaused ? null : (this.screen ?? camera);
      if (transceiver.sender.track !== track) void transceiver.sender.replaceTrack(track).catch(() => {});
    }
  }

  private async flushIce(): Promise<void> {
    const queued = this.queuedIce;
    this.queuedIce = [];
    for (const candidate of queued) await this.pc?.addIceCandidate(candidate).catch(() => {});
  }
}
