export type CallKind = 'video' | 'voice';

export type MediaResult = { stream: MediaStream; error: null } | { stream: null; error: string };

/** What the room says when the browser gives no camera or microphone: a clear message, not a silent failure. */
export function mediaErrorMessage(error: unknown, kind: CallKind): string {
  const devices = kind === 'video' ? 'camera and microphone' : 'microphone';
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
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

/** Camera + microphone for video, microphone only for voice. */
export async function acquireMedia(kind: CallKind): Promise<MediaResult> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return {
      stream: null,
      error: 'This browser cannot use a camera or microphone here (a secure https page is needed); chat still works.',
    };
  }
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: kind === 'video' });
    return { stream, error: null };
  } catch (error) {
    return { stream: null, error: mediaErrorMessage(error, kind) };
  }
}
