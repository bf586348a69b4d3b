import { useCallback, useEffect, useRef, useState } from 'react';
import type { IceServer } from '@common/schemas/consultations';
import type { Peer } from '@common/schemas/realtime';
import { acquireMedia, type CallKind, type MediaProblem } from './media';
import { PeerLink } from './peer-link';
import type { ConsultationSocket } from './use-consultation-socket';
import { useScreenShare, type ScreenShare } from './use-screen-share';

export type WebRtcState = {
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  mediaError: MediaProblem | null;
  mediaReady: boolean;
  videoOn: boolean;
  audioOn: boolean;
  remoteVideoOn: boolean;
  connectionState: RTCPeerConnectionState | 'new';
  /** The connection dropped and ICE is restarting. */
  reconnecting: boolean;
  /** I switched the call to voice only: no video either way. */
  voiceOnly: boolean;
  /** The other side switched the call to voice only. */
  remoteVoiceOnly: boolean;
  /** The other side sends its screen, not its camera. */
  remoteScreen: boolean;
  screenShare: ScreenShare;
  toggleVideo: () => void;
  toggleAudio: () => void;
  setVoiceOnly: (on: boolean) => void;
  getStats: () => Promise<RTCStatsReport> | null;
};

/**
 * Media for the room: local camera/microphone, and a peer connection with the other participant
 * whenever both are in the room and the consultation has not ended. Toggles only mute tracks.
 */
export function useWebRtc(opts: {
  enabled: boolean;
  kind: CallKind;
  role: 'doctor' | 'patient';
  iceServers: IceServer[];
  socket: ConsultationSocket;
}): WebRtcState {
  const { enabled, kind, role, iceServers, socket } = opts;
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [mediaError, setMediaError] = useState<MediaProblem | null>(null);
  const [mediaReady, setMediaReady] = useState(false);
  const [videoOn, setVideoOn] = useState(kind === 'video');
  const [audioOn, setAudioOn] = useState(true);
  const [remoteVideoOn, setRemoteVideoOn] = useState(true);
  const [connectionState, setConnectionState] = useState<RTCPeerConnectionState | 'new'>('new');
  const [reconnecting, setReconnecting] = useState(false);
  const [voiceOnly, setVoiceOnly] = useState(false);
  const [remoteVoiceOnly, setRemoteVoiceOnly] = useState(false);
  const [remoteScreen, setRemoteScreen] = useState(false);
  const [link, setLink] = useState<PeerLink | null>(null);
  const linkRef = useRef<PeerLink | null>(null);
  const screenShare = useScreenShare(enabled && role === 'doctor' && kind === 'video');
  const { sendSignal, onSignal, peer, peerArrivals, joinCount, status } = socket;

  // Local media once, for as long as the room is open.
  useEffect(() => {
    if (!enabled) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    void acquireMedia(kind).then((result) => {
      if (cancelled) return result.stream?.getTracks().forEach((t) => t.stop());
      stream = result.stream;
      setLocalStream(result.stream);
      setMediaError(result.error);
      setMediaReady(true);
    });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((t) => t.stop());
      setLocalStream(null);
    };
  }, [enabled, kind]);

  // One PeerLink per room; signalling frames are applied one at a time, in order.
  useEffect(() => {
    if (!enabled) return;
    const link = new PeerLink({
      role,
      kind,
      iceServers,
      send: sendSignal,
      onRemoteStream: setRemoteStream,
      onState: setConnectionState,
      onReconnecting: setReconnecting,
    });
    linkRef.current = link;
    setLink(link);
    let chain = Promise.resolve();
    const off = onSignal((frame) => {
      if (frame.type === 'call_quality') return; // use-call-quality.ts
      if (frame.type === 'media_state') {
        setRemoteVideoOn(frame.video);
        // Older clients send neither field: leave what we know.
        if (frame.voiceOnly !== undefined) setRemoteVoiceOnly(frame.voiceOnly);
        if (frame.screen !== undefined) setRemoteScreen(frame.screen);
        return;
      }
      chain = chain.then(() => link.handleSignal(frame)).catch(() => {});
    });
    return () => {
      off();
      link.close();
      linkRef.current = null;
      setLink(null);
    };
  }, [enabled, role, kind, iceServers, sendSignal, onSignal]);

  useEffect(() => link?.setLocalStream(localStream), [link, localStream]);
  useEffect(() => link?.setScreenTrack(screenShare.track), [link, screenShare.track]);
  // Voice only, asked by either side, stops our video too: the point is to free the link.
  const videoPaused = voiceOnly || remoteVoiceOnly;
  useEffect(() => link?.setVideoPaused(videoPaused), [link, videoPaused]);
  const stopSharing = screenShare.stop;
  useEffect(() => {
    if (videoPaused) stopSharing();
  }, [videoPaused, stopSharing]);

  // The doctor calls afresh whenever the patient arrives (a new page, maybe another tab or device
  // that took the room over) and restarts ICE on the current connection after its own socket
  // reconnects. The patient only answers.
  const peerId = peer?.userId ?? null;
  const calledFor = useRef(0);
  useEffect(() => {
    if (!peerId || !enabled || !mediaReady || status !== 'connected') return;
    const fresh = calledFor.current !== peerArrivals;
    calledFor.current = peerArrivals;
    if (role === 'doctor') void linkRef.current?.call(fresh).catch(() => {});
  }, [enabled, mediaReady, status, peerId, peerArrivals, joinCount, role]);

  const sharing = Boolean(screenShare.track);
  useMediaStateAnnouncements(
    peerArrivals,
    peer,
    status,
    { video: videoOn, audio: audioOn, voiceOnly, screen: sharing },
    sendSignal,
  );

  const toggleVideo = useCallback(() => {
    const next = !videoOn;
    localStream?.getVideoTracks().forEach((t) => (t.enabled = next));
    setVideoOn(next);
  }, [videoOn, localStream]);
  const toggleAudio = useCallback(() => {
    const next = !audioOn;
    localStream?.getAudioTracks().forEach((t) => (t.enabled = next));
    setAudioOn(next);
  }, [audioOn, localStream]);

  const getStats = useCallback(() => linkRef.current?.getStats() ?? null, []);

  return {
    localStream,
    remoteStream,
    mediaError,
    mediaReady,
    videoOn,
    audioOn,
    remoteVideoOn,
    connectionState,
    reconnecting,
    voiceOnly,
    remoteVoiceOnly,
    remoteScreen,
    screenShare,
    toggleVideo,
    toggleAudio,
    setVoiceOnly,
    getStats,
  };
}

type MediaFlags = { video: boolean; audio: boolean; voiceOnly: boolean; screen: boolean };

/** Tells the other side whether our camera is on ("Video is turned off"), voice only, or a screen. */
function useMediaStateAnnouncements(
  peerArrivals: number,
  peer: Peer | null,
  status: ConsultationSocket['status'],
  flags: MediaFlags,
  send: ConsultationSocket['sendSignal'],
) {
  const peerId = peer?.userId;
  const { video, audio, voiceOnly, screen } = flags;
  useEffect(() => {
    if (peerId && status === 'connected') send({ type: 'media_state', video, audio, voiceOnly, screen });
  }, [peerArrivals, peerId, status, video, audio, voiceOnly, screen, send]);
}
