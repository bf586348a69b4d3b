import { useCallback, useEffect, useRef, useState } from 'react';
import type { IceServer } from '@common/schemas/consultations';
import type { Peer } from '@common/schemas/realtime';
import { acquireMedia, type CallKind } from './media';
import { PeerLink } from './peer-link';
import type { ConsultationSocket } from './use-consultation-socket';

export type WebRtcState = {
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  mediaError: string | null;
  mediaReady: boolean;
  videoOn: boolean;
  audioOn: boolean;
  remoteVideoOn: boolean;
  connectionState: RTCPeerConnectionState | 'new';
  toggleVideo: () => void;
  toggleAudio: () => void;
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
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [mediaReady, setMediaReady] = useState(false);
  const [videoOn, setVideoOn] = useState(kind === 'video');
  const [audioOn, setAudioOn] = useState(true);
  const [remoteVideoOn, setRemoteVideoOn] = useState(true);
  const [connectionState, setConnectionState] = useState<RTCPeerConnectionState | 'new'>('new');
  const linkRef = useRef<PeerLink | null>(null);
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
    });
    linkRef.current = link;
    let chain = Promise.resolve();
    const off = onSignal((frame) => {
      if (frame.type === 'media_state') return setRemoteVideoOn(frame.video);
      chain = chain.then(() => link.handleSignal(frame)).catch(() => {});
    });
    return () => {
      off();
      link.close();
      linkRef.current = null;
    };
  }, [enabled, role, kind, iceServers, sendSignal, onSignal]);

  useEffect(() => linkRef.current?.setLocalStream(localStream), [localStream]);

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

  useMediaStateAnnouncements(peerArrivals, peer, status, videoOn, audioOn, sendSignal);

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

  return {
    localStream,
    remoteStream,
    mediaError,
    mediaReady,
    videoOn,
    audioOn,
    remoteVideoOn,
    connectionState,
    toggleVideo,
    toggleAudio,
  };
}

/** Tells the other side whether our camera is on, so it can show "Video is turned off". */
function useMediaStateAnnouncements(
  peerArrivals: number,
  peer: Peer | null,
  status: ConsultationSocket['status'],
  video: boolean,
  audio: boolean,
  send: ConsultationSocket['sendSignal'],
) {
  const peerId = peer?.userId;
  useEffect(() => {
    if (peerId && status === 'connected') send({ type: 'media_state', video, audio });
  }, [peerArrivals, peerId, status, video, audio, send]);
}
