import { Loader2, Signal, SignalLow, SignalMedium } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CallQualityLevel } from '@common/schemas/realtime';
import type { CallQuality } from './use-call-quality';

const LEVEL: Record<CallQualityLevel, { text: string; Icon: typeof Signal; tone: string }> = {
  good: { text: 'Good', Icon: Signal, tone: 'text-green-300' },
  weak: { text: 'Weak', Icon: SignalMedium, tone: 'text-amber-300' },
  poor: { text: 'Poor', Icon: SignalLow, tone: 'text-red-300' },
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
  const { text, Icon, tone } = LEVEL[level];
  return (
    <p className={`${chip} bg-black/60`} data-testid={testId} data-level={level}>
      <Icon className={`h-4 w-4 shrink-0 ${tone}`} aria-hidden />
      <span className="sr-only">{spoken}: </span>
      <span className="truncate" aria-hidden>
        {who}:
      </span>
      <span>{text}</span>
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
  const announcement = useAnnouncement(quality, reconnecting, otherName);
  return (
    <>
      <div className="absolute top-0 right-0 flex flex-col items-end gap-1">
        {reconnecting ? (
          <p className={`${chip} bg-amber-700`} data-testid="reconnecting">
            <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden />
            Reconnecting…
          </p>
        ) : (
          <>
            {quality.mine && <Level who="You" spoken="Your connection" level={quality.mine} testId="quality-mine" />}
            {quality.theirs && (
              <Level
                who={otherName}
                spoken={`${otherName}'s connection`}
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
  const [text, setText] = useState('');
  const { mine, theirs, poorForLong } = quality;
  const before = useRef({ mine, theirs, poorForLong, reconnecting });
  useEffect(() => {
    const was = before.current;
    before.current = { mine, theirs, poorForLong, reconnecting };
    if (reconnecting && !was.reconnecting) setText('The call dropped. Reconnecting…');
    else if (!reconnecting && was.reconnecting) setText('The call is connected again.');
    else if (reconnecting)
      return; // the drop says it all
    else if (poorForLong && !was.poorForLong)
      setText(
        'The connection has been poor for a while. Below the video you can turn off your camera or switch to voice only.',
      );
    else if (mine === 'poor' && was.mine !== 'poor') setText('Your connection is poor.');
    else if (theirs === 'poor' && was.theirs !== 'poor') setText(`${otherName}'s connection is poor.`);
  }, [mine, theirs, poorForLong, reconnecting, otherName]);
  return text;
}
