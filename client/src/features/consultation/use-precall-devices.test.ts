import { describe, expect, it, vi } from 'vitest';
import { checkResultOf, probeDevices } from './use-precall-devices';

const error = (name: string) => Object.assign(new Error(name), { name });
const audioStream = { id: 'audio' } as unknown as MediaStream;
const bothStream = { id: 'both' } as unknown as MediaStream;

/** getUserMedia that refuses the camera with `cameraError` and gives the microphone. */
const refusingCamera = (cameraError: string) =>
  vi.fn(async (c: MediaStreamConstraints) => {
    if (c.video) throw error(cameraError);
    return audioStream;
  });

describe('probing camera and microphone before the call', () => {
  it('both work: one request, both ok', async () => {
    const getUserMedia = vi.fn(async () => bothStream);
    expect(await probeDevices('video', {}, { getUserMedia })).toEqual({
      stream: bothStream,
      camera: 'ok',
      microphone: 'ok',
    });
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('a refused camera keeps the microphone: blocked camera, working microphone, an audio stream', async () => {
    const probe = await probeDevices('video', {}, { getUserMedia: refusingCamera('NotAllowedError') });
    expect(probe).toEqual({ stream: audioStream, camera: 'blocked', microphone: 'ok' });
    expect(checkResultOf(probe.camera)).toBe('blocked');
  });

  it('no camera at all, or one in use elsewhere', async () => {
    expect((await probeDevices('video', {}, { getUserMedia: refusingCamera('NotFoundError') })).camera).toBe('missing');
    const busy = await probeDevices('video', {}, { getUserMedia: refusingCamera('NotReadableError') });
    expect(busy.camera).toBe('busy');
    expect(checkResultOf(busy.camera)).toBe('blocked');
  });

  it('a missing microphone does not blame the camera', async () => {
    const videoStream = { id: 'video' } as unknown as MediaStream;
    const getUserMedia = vi.fn(async (c: MediaStreamConstraints) => {
      if (c.audio) throw error('NotFoundError');
      return videoStream;
    });
    expect(await probeDevices('video', {}, { getUserMedia })).toEqual({
      stream: videoStream,
      camera: 'ok',
      microphone: 'missing',
    });
  });

  it('a voice visit never asks for the camera', async () => {
    const getUserMedia = refusingCamera('NotAllowedError');
    expect(await probeDevices('voice', {}, { getUserMedia })).toEqual({
      stream: audioStream,
      camera: 'off',
      microphone: 'ok',
    });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: false });
    expect(checkResultOf('off')).toBe('skipped');
  });

  it('a browser without getUserMedia (plain http) can use neither', async () => {
    expect(await probeDevices('video', {}, { getUserMedia: undefined } as never)).toEqual({
      stream: null,
      camera: 'unsupported',
      microphone: 'unsupported',
    });
  });
});
