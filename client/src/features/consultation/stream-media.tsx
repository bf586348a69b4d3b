import { useEffect, useRef, useState } from 'react';
import { Volume2 } from 'lucide-react';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { activeDeviceChoice } from './device-choice';

const useT = textsFor('room');

/** A <video> or <audio> bound to a MediaStream; offers a button if the browser blocks autoplay. */
export function StreamMedia({
  stream,
  kind,
  muted = false,
  className,
  testId,
  label,
}: {
  stream: MediaStream | null;
  kind: 'video' | 'audio';
  muted?: boolean;
  className?: string;
  testId?: string;
  label: string;
}) {
  const t = useT();
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const soundRef = useRef<HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  // Someone's video plays its sound from an <audio> of its own: a <video> whose video track never
  // sends a frame (the other side joined a video visit by voice) waits at readyState 0, silent too.
  const separateSound = kind === 'video' && !muted;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    const sound = separateSound ? soundRef.current : null;
    if (sound) sound.srcObject = stream ? new MediaStream(stream.getAudioTracks()) : null;
    // The speaker chosen in the pre-call check, where the browser lets a page choose one.
    const speakerId = activeDeviceChoice().speakerId;
    const audible = (sound ?? element) as HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> };
    if (stream && !muted && speakerId && audible.setSinkId) void audible.setSinkId(speakerId).catch(() => {});
    // Only the element that makes the sound can be blocked from autoplay; a muted video never is.
    if (stream) play(element, sound ? null : setBlocked);
    if (stream && sound) play(sound, setBlocked);
  }, [stream, muted, separateSound]);
  const handlePlay = () => {
    for (const media of [ref.current, soundRef.current]) if (media?.srcObject) play(media, setBlocked);
  };
  return (
    <>
      {kind === 'video' ? (
        <video
          ref={ref}
          autoPlay
          playsInline
          muted={muted || separateSound}
          className={className}
          data-testid={testId}
          aria-label={label}
        />
      ) : (
        <audio ref={ref} autoPlay muted={muted} data-testid={testId} aria-label={label} />
      )}
      {separateSound && (
        <audio
          ref={soundRef}
          autoPlay
          data-testid={testId && `${testId}-sound`}
          aria-label={t('room.media.sound', { label })}
        />
      )}
      {blocked && (
        <Button
          variant="secondary"
          size="sm"
          className="absolute bottom-3 left-1/2 z-10 -translate-x-1/2"
          onClick={handlePlay}
        >
          <Volume2 className="h-4 w-4" aria-hidden />
          {t('room.media.playSound')}
        </Button>
      )}
    </>
  );
}

function play(media: HTMLMediaElement, setBlocked: ((blocked: boolean) => void) | null) {
  media.play().then(
    () => setBlocked?.(false),
    (error: Error) => {
      if (error.name === 'NotAllowedError') setBlocked?.(true);
    },
  );
}
