import { useEffect, useRef, useState } from 'react';
import { Volume2 } from 'lucide-react';
import { Button } from '../../ui/button';
import { activeDeviceChoice } from './device-choice';

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
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    // The speaker chosen in the pre-call check, where the browser lets a page choose one.
    const speakerId = activeDeviceChoice().speakerId;
    const sink = element as HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> };
    if (stream && !muted && speakerId && sink.setSinkId) void sink.setSinkId(speakerId).catch(() => {});
    if (stream)
      element.play().then(
        () => setBlocked(false),
        (error: Error) => setBlocked(error.name === 'NotAllowedError'),
      );
  }, [stream, muted]);
  const handlePlay = () =>
    void ref.current?.play().then(
      () => setBlocked(false),
      () => {},
    );
  return (
    <>
      {kind === 'video' ? (
        <video
          ref={ref}
          autoPlay
          playsInline
          muted={muted}
          className={className}
          data-testid={testId}
          aria-label={label}
        />
      ) : (
        <audio ref={ref} autoPlay muted={muted} data-testid={testId} aria-label={label} />
      )}
      {blocked && (
        <Button
          variant="secondary"
          size="sm"
          className="absolute bottom-3 left-1/2 z-10 -translate-x-1/2"
          onClick={handlePlay}
        >
          <Volume2 className="h-4 w-4" aria-hidden />
          Play sound
        </Button>
      )}
    </>
  );
}
