import { AlertTriangle, Phone, UserRound, VideoOff } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { Peer } from '@common/schemas/realtime';
import { textsFor } from '../../lib/i18n/areas';
import type { MediaProblem } from './media';
import { QualityIndicator } from './quality-indicator';
import { StreamMedia } from './stream-media';
import type { CallQuality } from './use-call-quality';
import type { WebRtcState } from './use-webrtc';

const useT = textsFor('room');

type Props = {
  rtc: WebRtcState;
  quality: CallQuality;
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
  const t = useT();
  const text = ended
    ? t('room.presence.ended')
    : !peer
      ? t('room.presence.notJoined', { name: otherName })
      : connected
        ? t('room.presence.here', { name: otherName })
        : t('room.presence.connecting', { name: otherName });
  return (
    <p className="text-sm text-slate-200" role="status" data-testid="presence">
      {text}
    </p>
  );
}

function MediaError({ problem }: { problem: MediaProblem }) {
  const t = useT();
  return (
    <div role="alert" className="flex gap-2 rounded-lg bg-amber-50/95 p-3 text-sm text-amber-900">
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>{t(problem.key, { kind: problem.kind })}</p>
    </div>
  );
}

function VideoOffOverlay({ small = false, voiceOnly = false }: { small?: boolean; voiceOnly?: boolean }) {
  const t = useT();
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-800 px-2 text-center text-slate-200">
      <VideoOff className={small ? 'h-5 w-5' : 'h-10 w-10'} aria-hidden />
      <p className={small ? 'text-xs' : 'text-sm'}>{t(voiceOnly ? 'room.voiceOnly.label' : 'room.media.videoOff')}</p>
    </div>
  );
}

/** The pane's top strip: a media error across, then the name at the start side and the call quality at the end side. */
function TopStrip({
  rtc,
  quality,
  otherName,
  label,
}: Pick<Props, 'rtc' | 'quality' | 'otherName'> & { label: ReactNode }) {
  return (
    <div className="absolute inset-x-3 top-3 z-10 flex flex-col gap-2">
      {rtc.mediaError && <MediaError problem={rtc.mediaError} />}
      <div className="relative flex min-h-7 items-start">
        {label}
        <QualityIndicator quality={quality} reconnecting={rtc.reconnecting} otherName={otherName} />
      </div>
    </div>
  );
}

/** 500 px high: the remote view, a self-view labelled You, and "Video is turned off" when it is. */
export function VideoPane({ rtc, quality, peer, otherName, ended }: Props) {
  const t = useT();
  const connected = rtc.connectionState === 'connected';
  const showRemote = Boolean(rtc.remoteStream && peer && !ended);
  const sharing = rtc.screenShare.track;
  const screenStream = useMemo(() => (sharing ? new MediaStream([sharing]) : null), [sharing]);
  const voiceOnly = rtc.voiceOnly || rtc.remoteVoiceOnly;
  const label = showRemote && (
    <p className="max-w-[55%] rounded-md bg-black/50 px-2 py-1 text-xs break-words text-white">
      {rtc.remoteScreen ? t('room.media.sharing', { name: otherName }) : otherName}
    </p>
  );
  return (
    <div className="relative h-[500px] overflow-hidden rounded-xl bg-slate-900" data-testid="video-pane">
      <StreamMedia
        stream={showRemote ? rtc.remoteStream : null}
        kind="video"
        className={`h-full w-full ${rtc.remoteScreen ? 'object-contain' : 'object-cover'}`}
        testId="remote-video"
        label={t(rtc.remoteScreen ? 'room.media.theirScreen' : 'room.media.theirVideo', { name: otherName })}
      />
      {/* A frozen picture while reconnecting is dimmed, so it does not pass for a live one. */}
      {showRemote && rtc.reconnecting && <div className="absolute inset-0 bg-slate-950/50" aria-hidden />}
      {showRemote && voiceOnly && <VideoOffOverlay voiceOnly />}
      {showRemote && !voiceOnly && !rtc.remoteVideoOn && !rtc.remoteScreen && <VideoOffOverlay />}
      {!showRemote && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center">
          <UserRound className="h-16 w-16 text-slate-500" aria-hidden />
          <Presence peer={peer} otherName={otherName} connected={connected} ended={ended} />
        </div>
      )}
      <TopStrip rtc={rtc} quality={quality} otherName={otherName} label={label} />
      <div className="absolute end-3 bottom-3 h-28 w-40 overflow-hidden rounded-lg border-2 border-white/70 bg-slate-800 shadow-lg sm:h-36 sm:w-48">
        {/* While sharing, the self-view shows what the patient sees: the screen, not mirrored. */}
        <StreamMedia
          stream={screenStream ?? rtc.localStream}
          kind="video"
          muted
          className={`h-full w-full ${screenStream ? 'object-contain' : '-scale-x-100 object-cover'}`}
          testId="local-video"
          label={t(screenStream ? 'room.media.yourScreen' : 'room.media.yourVideo')}
        />
        {!screenStream && voiceOnly && <VideoOffOverlay small voiceOnly />}
        {!screenStream && !voiceOnly && (!rtc.videoOn || !rtc.localStream) && <VideoOffOverlay small />}
        <span className="absolute start-1 bottom-1 rounded bg-black/60 px-1.5 py-0.5 text-xs font-medium text-white">
          {t(screenStream ? 'room.media.yourScreen' : 'room.media.you')}
        </span>
      </div>
    </div>
  );
}

/** Voice kind: no cameras; the remote audio plays from a hidden element. */
export function VoicePane({ rtc, quality, peer, otherName, otherRole, ended }: Props) {
  const t = useT();
  const connected = rtc.connectionState === 'connected' && Boolean(peer) && !ended;
  return (
    <div
      className="relative flex h-[500px] flex-col items-center justify-center gap-4 rounded-xl bg-gradient-to-b from-brand-800 to-brand-900 px-6 text-center"
      data-testid="voice-pane"
    >
      <TopStrip rtc={rtc} quality={quality} otherName={otherName} label={null} />
      <span
        className={`rounded-full p-6 ${connected ? 'bg-green-500/20 text-green-300' : 'bg-white/10 text-slate-300'}`}
      >
        <Phone className="h-12 w-12" aria-hidden />
      </span>
      {connected ? (
        <p className="text-lg font-semibold text-white" role="status" data-testid="presence">
          {t('room.presence.connectedWith', { role: otherRole })}
        </p>
      ) : (
        <Presence peer={peer} otherName={otherName} connected={false} ended={ended} />
      )}
      <StreamMedia
        stream={connected ? rtc.remoteStream : null}
        kind="audio"
        testId="remote-audio"
        label={t('room.media.theirAudio', { name: otherName })}
      />
    </div>
  );
}
