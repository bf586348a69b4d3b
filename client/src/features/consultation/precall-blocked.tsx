import { Phone, RefreshCw, VideoOff } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../ui/button';
import { ALLOW_CAMERA_STEPS, BROWSER_NAMES, browserFamily } from './browser-help';
import { textsFor } from '../../lib/i18n/areas';

const useT = textsFor('precall');

/**
 * A refused, missing or busy camera is not a dead end: join by voice now, or allow the camera in
 * this browser (steps for the browser in use) and check again.
 */
export function CameraBlockedHelp({
  blocked,
  onRetry,
  onJoinByVoice,
}: {
  /** Refused by the browser (steps to allow it help), rather than missing or busy. */
  blocked: boolean;
  onRetry: () => void;
  onJoinByVoice: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const family = browserFamily(navigator.userAgent);
  const browser = BROWSER_NAMES[family];
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="camera-help"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <VideoOff className="h-5 w-5" aria-hidden />
        {t('precall.blocked.title')}
      </h2>
      <p className="text-sm">{t('precall.blocked.voiceOffer')}</p>
      {blocked && (
        <div className="text-sm">
          <p className="font-medium">
            {browser ? t('precall.blocked.howTo', { browser }) : t('precall.blocked.howToOther')}
          </p>
          <ol className="mt-1 list-decimal ps-5">
            {ALLOW_CAMERA_STEPS[family].map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
          <p className="mt-2">{t('precall.blocked.systemNote')}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onJoinByVoice}>
          <Phone className="h-4 w-4" aria-hidden />
          {t('precall.joinByVoice')}
        </Button>
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {t('precall.blocked.retry')}
        </Button>
      </div>
    </section>
  );
}
