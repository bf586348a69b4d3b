import { Loader2, Signal, SignalLow, SignalMedium } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { CallQualityLevel } from '@common/schemas/realtime';
import { textsFor } from '../../lib/i18n/areas';
import type { CallQuality } from './use-call-quality';

const useT = textsFor('room');

const LEVEL: Record<CallQualityLevel, { text: ClientMessageKey; Icon: typeof Signal; tone: string }> = {
  good: { text: 'room.quality.good', Icon: Signal, tone: 'text-green-300' },
  weak: { text: 'room.quality.weak', Icon: SignalMedium, tone: 'text-amber-300' },
  poor: { text: 'room.quality.poor', Icon: SignalLow, tone: 'text-red-300' },
};

const chip = 'flex max-w-44 items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-white';

function Level({
  who,
  spoken,
  level,
  testId,
}: {
  who: string;
  spoken: string;
  level: CallQualityLevel;
  testId: string;
}) {
  const t = useT();
  const { text, Icon, tone } = LEVEL[level];
  return (
    <p className={`${chip} bg-black/60`} data-testid={testId} data-level={level}>
      <Icon className={`h-4 w-4 shrink-0 ${tone}`} aria-hidden />
      <span className="sr-only">{t('room.quality.spoken', { whose: spoken })} </span>
      <span className="truncate" aria-hidden>
        {t('room.quality.who', { who })}
      </span>
      <span>{t(text)}</span>
    </p>
  );
}

/**
 * Both sides' connection in words (and bars), or "Reconnecting…" while ICE restarts. Screen
 * readers hear only the changes that matter: a side turning poor, the drop and the recovery.
 */
export function QualityIndicator({
  quality,
  reconnecting,
  otherName,
}: {
  quality: CallQuality;
  reconnecting: boolean;
  otherName: string;
}) {
  const t = useT();
  const announcement = useAnnouncement(quality, reconnecting, otherName);
  return (
    <>
      <div className="absolute end-0 top-0 flex flex-col items-end gap-1">
        {reconnecting ? (
          <p className={`${chip} bg-amber-700`} data-testid="reconnecting">
            <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden />
            {t('room.quality.reconnecting')}
          </p>
        ) : (
          <>
            {quality.mine && (
              <Level
                who={t('room.media.you')}
                spoken={t('room.quality.yours')}
                level={quality.mine}
                testId="quality-mine"
              />
            )}
            {quality.theirs && (
              <Level
                who={otherName}
                spoken={t('room.quality.theirs', { name: otherName })}
                level={quality.theirs}
                testId="quality-theirs"
              />
            )}
          </>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite" data-testid="call-announcement">
        {announcement}
      </p>
    </>
  );
}

function useAnnouncement(quality: CallQuality, reconnecting: boolean, otherName: string): string {
  const t = useT();
  const [text, setText] = useState('');
  const { mine, theirs, poorForLong } = quality;
  const before = useRef({ mine, theirs, poorForLong, reconnecting });
  useEffect(() => {
    const was = before.current;
    before.current = { mine, theirs, poorForLong, reconnecting };
    if (reconnecting && !was.reconnecting) setText(t('room.quality.dropped'));
    else if (!reconnecting && was.reconnecting) setText(t('room.quality.back'));
    else if (reconnecting)
      return; // the drop says it all
    else if (poorForLong && !was.poorForLong) setText(t('room.quality.poorLong'));
    else if (mine === 'poor' && was.mine !== 'poor') setText(t('room.quality.minePoor'));
    else if (theirs === 'poor' && was.theirs !== 'poor') setText(t('room.quality.theirsPoor', { name: otherName }));
    // Only a change of state speaks; a language switch mid-call does not repeat the last announcement.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mine, theirs, poorForLong, reconnecting, otherName]);
  return text;
}
