import { AlertTriangle, MonitorUp, Phone, Video, VideoOff } from 'lucide-react';
import { useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import type { CallQuality } from './use-call-quality';
import type { WebRtcState } from './use-webrtc';

const useT = textsFor('room');

const bar = 'flex flex-col gap-3 rounded-xl border p-3 text-sm sm:flex-row sm:items-center sm:p-4';

/** After 10 s of a poor link: two ways to keep the call going, or carry on as is. */
export function PoorLinkBanner({
  videoOn,
  onCameraOff,
  onVoiceOnly,
  onDismiss,
}: {
  videoOn: boolean;
  onCameraOff: () => void;
  onVoiceOnly: () => void;
  onDismiss: () => void;
}) {
  const t = useT();
  return (
    <section
      className={`${bar} border-amber-300 bg-amber-50 text-amber-950`}
      aria-label={t('room.poor.label')}
      data-testid="poor-link-banner"
    >
      <AlertTriangle className="hidden h-5 w-5 shrink-0 text-amber-700 sm:block" aria-hidden />
      <p className="flex-1">
        <span className="font-semibold">{t('room.poor.title')}</span> {t('room.poor.body')}
      </p>
      <div className="flex flex-wrap gap-2">
        {videoOn && (
          <Button variant="outline" size="sm" onClick={onCameraOff}>
            <VideoOff className="h-4 w-4" aria-hidden />
            {t('room.poor.cameraOff')}
          </Button>
        )}
        <Button size="sm" onClick={onVoiceOnly}>
          <Phone className="h-4 w-4" aria-hidden />
          {t('room.poor.voiceOnly')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('room.poor.notNow')}
        </Button>
      </div>
    </section>
  );
}

/** Voice only pauses video both ways; only the side that asked for it can bring video back. */
export function VoiceOnlyNotice({
  mine,
  otherName,
  onVideoBack,
}: {
  mine: boolean;
  otherName: string;
  onVideoBack: () => void;
}) {
  const t = useT();
  return (
    <section
      className={`${bar} border-brand-200 bg-brand-50 text-brand-900`}
      aria-label={t('room.voiceOnly.label')}
      data-testid="voice-only-notice"
    >
      <Phone className="hidden h-5 w-5 shrink-0 sm:block" aria-hidden />
      <p className="flex-1">{mine ? t('room.voiceOnly.mine') : t('room.voiceOnly.theirs', { name: otherName })}</p>
      {mine && (
        <Button variant="outline" size="sm" onClick={onVideoBack}>
          <Video className="h-4 w-4" aria-hidden />
          {t('room.voiceOnly.back')}
        </Button>
      )}
    </section>
  );
}

/** The doctor's own reminder while their screen, not their camera, goes to the patient. */
export function ScreenShareBar({ onStop }: { onStop: () => void }) {
  const t = useT();
  return (
    <section
      className={`${bar} border-transparent bg-brand-700 text-white sm:justify-between`}
      aria-label={t('room.share.label')}
      data-testid="screen-share-bar"
    >
      <p className="flex items-center gap-2 font-semibold">
        <MonitorUp className="h-5 w-5 shrink-0" aria-hidden />
        {t('room.share.active')}
      </p>
      <Button variant="secondary" size="sm" onClick={onStop}>
        {t('room.share.stop')}
      </Button>
    </section>
  );
}

/** The poor-link offer, until dismissed; a later poor spell offers it again (it remounts). */
function PoorLinkOffer({ rtc }: { rtc: WebRtcState }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <PoorLinkBanner
      videoOn={rtc.videoOn}
      onCameraOff={() => {
        if (rtc.videoOn) rtc.toggleVideo();
        setDismissed(true);
      }}
      onVoiceOnly={() => rtc.setVoiceOnly(true)}
      onDismiss={() => setDismissed(true)}
    />
  );
}

/** What the video room says between the picture and the controls about how the call is going. */
export function CallNotices({
  rtc,
  quality,
  otherName,
}: {
  rtc: WebRtcState;
  quality: CallQuality;
  otherName: string;
}) {
  if (rtc.voiceOnly || rtc.remoteVoiceOnly) {
    return <VoiceOnlyNotice mine={rtc.voiceOnly} otherName={otherName} onVideoBack={() => rtc.setVoiceOnly(false)} />;
  }
  return quality.poorForLong ? <PoorLinkOffer rtc={rtc} /> : null;
}
