import { activeDeviceChoice, type DeviceChoice } from './device-choice';

export type CallKind = 'video' | 'voice';

export type MediaResult = { stream: MediaStream; error: null } | { stream: null; error: string };

/** What the room says when the browser gives no camera or microphone: a clear message, not a silent failure. */
export function mediaErrorMessage(error: unknown, kind: CallKind): string {
  const devices = kind === 'video' ? 'camera and microphone' : 'microphone';
  const name = errorName(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return `Access to your ${devices} was denied. Allow it in your browser's site settings and reload the page; chat still works.`;
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return `No ${kind === 'video' ? 'camera or microphone' : 'microphone'} was found. Connect one and reload the page; chat still works.`;
  }
  if (name === 'NotReadableError' || name === 'AbortError') {
    return `Your ${devices} is in use by another application. Close it and reload the page; chat still works.`;
  }
  return `Your ${devices} could not be started; chat still works.`;
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
    return {
      stream: null,
      error: 'This browser cannot use a camera or microphone here (a secure https page is needed); chat still works.',
    };
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
