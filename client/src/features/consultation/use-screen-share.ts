import { useCallback, useEffect, useRef, useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { toast } from '../../ui/toast-store';

const useT = textsFor('room');

export type ScreenShare = {
  /** The screen's video track while sharing, else null. */
  track: MediaStreamTrack | null;
  /** Phones and some browsers cannot capture a screen: the room then offers no button. */
  supported: boolean;
  start: () => void;
  stop: () => void;
};

export const canShareScreen = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/**
 * The doctor's screen share (to show a result). Ending it from the browser's own "Stop sharing"
 * ends it here too, so the camera comes back either way.
 */
export function useScreenShare(enabled: boolean): ScreenShare {
  const t = useT();
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);

  const stop = useCallback(() => {
    trackRef.current?.stop();
    trackRef.current = null;
    setTrack(null);
  }, []);

  const start = useCallback(() => {
    if (!canShareScreen() || trackRef.current) return;
    void navigator.mediaDevices.getDisplayMedia({ video: true, audio: false }).then(
      (stream) => {
        const screen = stream.getVideoTracks()[0];
        if (!screen) return stream.getTracks().forEach((t) => t.stop());
        screen.addEventListener('ended', () => {
          if (trackRef.current === screen) stop();
        });
        trackRef.current = screen;
        setTrack(screen);
      },
      (error: Error) => {
        // Closing the browser's picker is a choice, not an error.
        if (error.name === 'NotAllowedError' || error.name === 'AbortError') return;
        toast({ title: t('room.toast.shareFailed'), description: t('room.toast.shareFailedBody') });
      },
    );
  }, [stop, t]);

  useEffect(() => {
    if (!enabled) stop();
    return stop;
  }, [enabled, stop]);

  return { track, supported: canShareScreen(), start, stop };
}
