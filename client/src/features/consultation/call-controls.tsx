import { Mic, MicOff, MonitorUp, MonitorX, PhoneOff, Play, Video, VideoOff } from 'lucide-react';
import type { RemoteConsultationType } from '@common/constants/consultation-types';
import type { ConsultationStatus } from '@common/schemas/consultations';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';

const useT = textsFor('room');

type Props = {
  kind: RemoteConsultationType;
  status: ConsultationStatus;
  isDoctor: boolean;
  /** Why the consultation cannot be started now (outside the join window); null inside it. */
  startNote: string | null;
  videoOn: boolean;
  audioOn: boolean;
  hasMedia: boolean;
  starting: boolean;
  ending: boolean;
  onToggleVideo: () => void;
  onToggleAudio: () => void;
  /** Screen sharing: offered to the doctor in a video call where the browser can capture a screen. */
  share?: { sharing: boolean; disabled: boolean; onToggle: () => void };
  onStart: () => void;
  onEnd: () => void;
};

/** The room's controls: video (video kind), audio, Start (doctor, waiting, in the join window), end call (active, both). */
export function CallControls(p: Props) {
  const t = useT();
  return (
    <div
      className="flex flex-wrap items-center justify-center gap-3"
      role="toolbar"
      aria-label={t('room.controls.label')}
    >
      {p.kind === 'video' && (
        <Button
          variant={p.videoOn ? 'outline' : 'destructive'}
          size="icon"
          className="h-12 w-12 rounded-full"
          onClick={p.onToggleVideo}
          disabled={!p.hasMedia}
          aria-pressed={!p.videoOn}
          aria-label={t(p.videoOn ? 'room.controls.cameraOff' : 'room.controls.cameraOn')}
        >
          {p.videoOn ? <Video className="h-5 w-5" aria-hidden /> : <VideoOff className="h-5 w-5" aria-hidden />}
        </Button>
      )}
      <Button
        variant={p.audioOn ? 'outline' : 'destructive'}
        size="icon"
        className="h-12 w-12 rounded-full"
        onClick={p.onToggleAudio}
        disabled={!p.hasMedia}
        aria-pressed={!p.audioOn}
        aria-label={t(p.audioOn ? 'room.controls.mute' : 'room.controls.unmute')}
      >
        {p.audioOn ? <Mic className="h-5 w-5" aria-hidden /> : <MicOff className="h-5 w-5" aria-hidden />}
      </Button>
      {p.share && (
        <Button
          variant={p.share.sharing ? 'primary' : 'outline'}
          size="icon"
          className="h-12 w-12 rounded-full"
          onClick={p.share.onToggle}
          disabled={p.share.disabled}
          aria-pressed={p.share.sharing}
          aria-label={t(p.share.sharing ? 'room.controls.stopShare' : 'room.controls.share')}
        >
          {p.share.sharing ? (
            <MonitorX className="h-5 w-5" aria-hidden />
          ) : (
            <MonitorUp className="h-5 w-5" aria-hidden />
          )}
        </Button>
      )}
      {p.status === 'waiting' && p.startNote && <p className="text-sm text-muted">{p.startNote}</p>}
      {p.isDoctor && p.status === 'waiting' && !p.startNote && (
        <Button size="lg" onClick={p.onStart} disabled={p.starting}>
          <Play className="h-5 w-5" aria-hidden />
          {t('room.controls.start')}
        </Button>
      )}
      {p.status === 'active' && (
        <Button variant="destructive" size="lg" className="rounded-full" onClick={p.onEnd} disabled={p.ending}>
          <PhoneOff className="h-5 w-5" aria-hidden />
          {t('room.controls.end')}
        </Button>
      )}
    </div>
  );
}
