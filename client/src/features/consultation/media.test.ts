import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '@common/i18n/en/screens/room.json';
import { acquireMedia, mediaConstraints, mediaErrorMessage as problemOf, type MediaProblem } from './media';

const intl = createIntl({ locale: 'en-US', messages: english });
/** What the room shows for a problem, in English. */
const said = (problem: MediaProblem | null) =>
  problem ? intl.formatMessage({ id: problem.key }, { kind: problem.kind }) : null;
const mediaErrorMessage = (error: unknown, kind: 'video' | 'voice') => said(problemOf(error, kind));

const error = (name: string) => Object.assign(new Error('x'), { name });

describe('media error messages', () => {
  it('says what happened and that chat still works', () => {
    expect(mediaErrorMessage(error('NotAllowedError'), 'video')).toMatch(
      /^Access to your camera and microphone was denied\..*chat still works\.$/,
    );
    expect(mediaErrorMessage(error('NotFoundError'), 'voice')).toMatch(/^No microphone was found\./);
    expect(mediaErrorMessage(error('NotFoundError'), 'video')).toMatch(/^No camera or microphone was found\./);
    expect(mediaErrorMessage(error('NotReadableError'), 'video')).toMatch(/in use by another application/);
    expect(mediaErrorMessage('weird', 'voice')).toBe('Your microphone could not be started; chat still works.');
  });
});

describe('the devices chosen before the call', () => {
  const choice = { cameraId: 'cam-2', microphoneId: 'mic-2' };

  it('asks for exactly the chosen camera and microphone, and no camera when joining by voice', () => {
    expect(mediaConstraints('video', choice)).toEqual({
      audio: { deviceId: { exact: 'mic-2' } },
      video: { deviceId: { exact: 'cam-2' } },
    });
    expect(mediaConstraints('video', { ...choice, video: false })).toEqual({
      audio: { deviceId: { exact: 'mic-2' } },
      video: false,
    });
    expect(mediaConstraints('voice', choice)).toEqual({ audio: { deviceId: { exact: 'mic-2' } }, video: false });
    expect(mediaConstraints('video', {})).toEqual({ audio: true, video: true });
  });

  it('falls back to any device when the chosen one vanished', async () => {
    const asked: MediaStreamConstraints[] = [];
    const stream = { id: 'any' } as unknown as MediaStream;
    const getUserMedia = vi.fn(async (c: MediaStreamConstraints) => {
      asked.push(c);
      if (typeof c.video === 'object') throw error('OverconstrainedError');
      return stream;
    });
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    expect(await acquireMedia('video', choice)).toEqual({ stream, error: null });
    expect(asked).toEqual([mediaConstraints('video', choice), { audio: true, video: true }]);
  });

  it('does not retry a refusal: the room says it was denied', async () => {
    const getUserMedia = vi.fn(async () => {
      throw error('NotAllowedError');
    });
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    const result = await acquireMedia('video', choice);
    expect(said(result.error)).toMatch(/^Access to your camera and microphone was denied/);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });
});

afterEach(() => vi.unstubAllGlobals());
