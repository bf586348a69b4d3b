import { useCallback, useEffect, useState } from 'react';
import type { DeviceCheckResult } from '@common/constants/prechecks';
import type { DeviceChoice } from './device-choice';
import { errorName, mediaConstraints, type CallKind } from './media';

/** A device as the check sees it; `off` is a camera the person chose not to use (join by voice). */
export type DeviceStatus = 'checking' | 'ok' | 'blocked' | 'missing' | 'busy' | 'unsupported' | 'off';

export type Probe = { stream: MediaStream | null; camera: DeviceStatus; microphone: DeviceStatus };

export function deviceStatusOf(error: unknown): DeviceStatus {
  const name = errorName(error);
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'blocked';
}

/** What the doctor is told: a device in use elsewhere or unusable here is as good as blocked. */
export function checkResultOf(status: DeviceStatus): DeviceCheckResult {
  if (status === 'ok' || status === 'missing') return status;
  if (status === 'checking' || status === 'off') return 'skipped';
  return 'blocked';
}

type Media = Pick<MediaDevices, 'getUserMedia'>;

/** The chosen device first; if it vanished since it was chosen, any device of its kind. */
async function getMedia(media: Media, kind: CallKind, choice: DeviceChoice, only?: 'audio' | 'video') {
  const pick = (c: MediaStreamConstraints): MediaStreamConstraints =>
    only === 'audio' ? { audio: c.audio, video: false } : only === 'video' ? { audio: false, video: c.video } : c;
  try {
    return await media.getUserMedia(pick(mediaConstraints(kind, choice)));
  } catch (error) {
    if (deviceStatusOf(error) !== 'missing' || !(choice.cameraId || choice.microphoneId)) throw error;
    return media.getUserMedia(pick(mediaConstraints(kind, choice, false)));
  }
}

/**
 * Asks for camera and microphone together (one prompt); when that fails, asks for each alone so a
 * refused camera does not hide a working microphone, and each gets its own verdict.
 */
export async function probeDevices(
  kind: CallKind,
  choice: DeviceChoice,
  media: Media | undefined = globalThis.navigator?.mediaDevices,
): Promise<Probe> {
  const wantsVideo = kind === 'video' && choice.video !== false;
  // Voice visits and a video visit joined by voice never touch the camera.
  const cameraIdle: DeviceStatus = 'off';
  if (!media?.getUserMedia) {
    return { stream: null, camera: wantsVideo ? 'unsupported' : cameraIdle, microphone: 'unsupported' };
  }
  if (!wantsVideo) {
    try {
      return { stream: await getMedia(media, kind, choice, 'audio'), camera: cameraIdle, microphone: 'ok' };
    } catch (error) {
      return { stream: null, camera: cameraIdle, microphone: deviceStatusOf(error) };
    }
  }
  try {
    return { stream: await getMedia(media, kind, choice), camera: 'ok', microphone: 'ok' };
  } catch (both) {
    let audio: MediaStream | null = null;
    let microphone: DeviceStatus = 'ok';
    try {
      audio = await getMedia(media, kind, choice, 'audio');
    } catch (error) {
      microphone = deviceStatusOf(error);
    }
    if (audio) return { stream: audio, camera: deviceStatusOf(both), microphone };
    try {
      return { stream: await getMedia(media, kind, choice, 'video'), camera: 'ok', microphone };
    } catch (error) {
      return { stream: null, camera: deviceStatusOf(error), microphone };
    }
  }
}

const stop = (stream: MediaStream | null) => stream?.getTracks().forEach((t) => t.stop());

async function listDevices(): Promise<MediaDeviceInfo[]> {
  try {
    return (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
  } catch {
    return [];
  }
}

/**
 * The check's own camera and microphone: acquired again when another device is picked or on
 * "Check again", released when the check closes (the room acquires its own with the same choice).
 */
export function usePrecallDevices(kind: CallKind, choice: DeviceChoice) {
  const [probe, setProbe] = useState<Probe>({ stream: null, camera: 'checking', microphone: 'checking' });
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [attempt, setAttempt] = useState(0);
  const { cameraId, microphoneId, video } = choice;

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    // The previous stream was stopped by the cleanup: nothing of it is shown or taken for the choice.
    setProbe({ stream: null, camera: 'checking', microphone: 'checking' });
    void probeDevices(kind, { cameraId, microphoneId, video }).then(async (result) => {
      if (cancelled) return stop(result.stream);
      stream = result.stream;
      setProbe(result);
      // Labels and ids are only listed once the page may use a device.
      const list = await listDevices();
      if (!cancelled) setDevices(list);
    });
    return () => {
      cancelled = true;
      stop(stream);
    };
  }, [kind, cameraId, microphoneId, video, attempt]);

  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.addEventListener) return;
    const refresh = () => void listDevices().then(setDevices);
    media.addEventListener('devicechange', refresh);
    return () => media.removeEventListener('devicechange', refresh);
  }, []);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...probe, devices, retry };
}

/** The device a track really uses, so the picker shows it and the room asks for the same one. */
export const trackDeviceId = (stream: MediaStream | null, kind: 'audio' | 'video') => {
  const track = kind === 'audio' ? stream?.getAudioTracks()[0] : stream?.getVideoTracks()[0];
  return track?.getSettings?.().deviceId || undefined;
};
