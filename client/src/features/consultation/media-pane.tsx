import { AlertTriangle, Phone, UserRound, VideoOff } from 'lucide-react';
import type { Peer } from '@common/schemas/realtime';
import { StreamMedia } from './stream-media';
import type { WebRtcState } from './use-webrtc';

type Props = {
  rtc: WebRtcState;
  peer: Peer | null;
  otherName: string;
  otherRole: 'doctor' | 'patient';
  ended: boolean;
};

function Presence({
  peer,
  otherName,
  connected,
  ended,
}: {
  peer: Peer | null;
  otherName: string;
  connected: boolean;
  ended: boolean;
}) {
  const text = ended
    ? 'The consultation has ended.'
    : !peer
      ? `${otherName} has not joined yet.`
      : connected
        ? `${otherName} is here.`
        : `${otherName} is here. Connecting…`;
  return (
    <p className="text-sm text-slate-200" role="status" data-testid="presence">
      {text}
    </p>
  );
}

function MediaError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="absolute top-3 right-3 left-3 z-10 flex gap-2 rounded-lg bg-amber-50/95 p-3 text-sm text-amber-900"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>{message}</p>
    </div>
  );
}

const VideoOffOverlay = ({ small = false }: { small?: boolean }) => (
  <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-800 text-slate-200">
    <VideoOff className={small ? 'h-5 w-5' : 'h-10 w-10'} aria-hidden />
    <p className={small ? 'text-xs' : 'text-sm'}>Video is turned off</p>
  </div>
);

/** 500 px high: the remote view, a self-view labelled You, and "Video is turned off" when it is. */
export function VideoPane({ rtc, peer, otherName, ended }: Props) {
  const connected = rtc.connectionState === 'connected';
  const showRemote = Boolean(rtc.remoteStream && peer && !ended);
  return (
    <div className="relative h-[500px] overflow-hidden rounded-xl bg-slate-900" data-testid="video-pane">
      {rtc.mediaError && <MediaError message={rtc.mediaError} />}
      <StreamMedia
        stream={showRemote ? rtc.remoteStream : null}
        kind="video"
        className="h-full w-full object-cover"
        testId="remote-video"
        label={`${otherName}'s video`}
      />
      {showRemote && !rtc.remoteVideoOn && <VideoOffOverlay />}
      {!showRemote && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center">
          <UserRound className="h-16 w-16 text-slate-500" aria-hidden />
          <Presence peer={peer} otherName={otherName} connected={connected} ended={ended} />
        </div>
      )}
      {showRemote && (
        <div className="absolute top-3 left-3 rounded-md bg-black/50 px-2 py-1 text-xs text-white">{otherName}</div>
      )}
      <div className="absolute right-3 bottom-3 h-28 w-40 overflow-hidden rounded-lg border-2 border-white/70 bg-slate-800 shadow-lg sm:h-36 sm:w-48">
        <StreamMedia
          stream={rtc.localStream}
          kind="video"
          muted
          className="h-full w-full -scale-x-100 object-cover"
          testId="local-video"
          label="Your video"
        />
        {(!rtc.videoOn || !rtc.localStream) && <VideoOffOverlay small />}
        <span className="absolute bottom-1 left-1 rounded bg-black/60 px-1.5 py-0.5 text-xs font-medium text-white">
          You
        </span>
      </div>
    </div>
  );
}

/** Voice kind: no cameras; the remote audio plays from a hidden element. */
export function VoicePane({ rtc, peer, otherName, otherRole, ended }: Props) {
  const connected = rtc.connectionState === 'connected' && Boolean(peer) && !ended;
  return (
    <div
      className="relative flex h-[500px] flex-col items-center justify-center gap-4 rounded-xl bg-gradient-to-b from-brand-800 to-brand-900 px-6 text-center"
      data-testid="voice-pane"
    >
      {rtc.mediaError && <MediaError message={rtc.mediaError} />}
      <span
        className={`rounded-full p-6 ${connected ? 'bg-green-500/20 text-green-300' : 'bg-white/10 text-slate-300'}`}
      >
        <Phone className="h-12 w-12" aria-hidden />
      </span>
      {connected ? (
        <p className="text-lg font-semibold text-white" role="status" data-testid="presence">
          Connected with the {otherRole}
        </p>
      ) : (
        <Presence peer={peer} otherName={otherName} connected={false} ended={ended} />
      )}
      <StreamMedia
        stream={connected ? rtc.remoteStream : null}
        kind="audio"
        testId="remote-audio"
        label={`${otherName}'s audio`}
      />
    </div>
  );
}
