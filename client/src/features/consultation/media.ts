import type { ClientMessageKey } from '@common/i18n/keys';
import { activeDeviceChoice, type DeviceChoice } from './device-choice';

export type CallKind = 'video' | 'voice';

/** A message of the `room` area and the call's kind it names the devices by (shown in the reader's language). */
export type MediaProblem = { key: ClientMessageKey; kind: CallKind };

export type MediaResult = { stream: MediaStream; error: null } | { stream: null; error: MediaProblem };

/** What the room says when the browser gives no camera or microphone: a clear message, not a silent failure. */
export function mediaErrorMessage(error: unknown, kind: CallKind): MediaProblem {
  const name = errorName(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return { key: 'room.mediaError.denied', kind };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { key: 'room.mediaError.missing', kind };
  if (name === 'NotReadableError' || name === 'AbortError') return { key: 'room.mediaError.busy', kind };
  return { key: 'room.mediaError.failed', kind };
}

export const errorName = (error: unknown) =>
  error instanceof DOMException || error instanceof Error ? error.name : '';

/**
 * getUserMedia constraints for a call: the chosen devices when `exact` (the pre-call check's
 * choice), any device otherwise. A video visit joined by voice asks for no camera at all.
 */
export function mediaConstraints(kind: CallKind, choice: DeviceChoice, exact = true): MediaStreamConstraints {
  const wantsVideo = kind === 'video' && choice.video !== false;
  const device = (id: string | undefined) => (exact && id ? { deviceId: { exact: id } } : true);
  return { audio: device(choice.microphoneId), video: wantsVideo ? device(choice.cameraId) : false };
}

const hasChosenDevice = (choice: DeviceChoice) => Boolean(choice.cameraId || choice.microphoneId);
/** The chosen device was unplugged (or renamed by a browser update): any other one will do. */
const deviceVanished = (error: unknown) => ['OverconstrainedError', 'NotFoundError'].includes(errorName(error));

/** Camera + microphone for video, microphone only for voice, with the devices chosen before the call. */
export async function acquireMedia(kind: CallKind, choice: DeviceChoice = activeDeviceChoice()): Promise<MediaResult> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return { stream: null, error: { key: 'room.mediaError.insecure', kind } };
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia(mediaConstraints(kind, choice)), error: null };
  } catch (error) {
    if (hasChosenDevice(choice) && deviceVanished(error)) {
      try {
        return {
          stream: await navigator.mediaDevices.getUserMedia(mediaConstraints(kind, choice, false)),
          error: null,
        };
      } catch (retryError) {
        return { stream: null, error: mediaErrorMessage(retryError, kind) };
      }
    }
    return { stream: null, error: mediaErrorMessage(error, kind) };
  }
}
