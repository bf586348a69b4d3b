// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScreenShare } from './use-screen-share';

class FakeTrack extends EventTarget {
  kind = 'video';
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

const stubMediaDevices = (devices: object) =>
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });

function stubDisplayMedia(result: () => Promise<unknown>) {
  const getDisplayMedia = vi.fn(result);
  stubMediaDevices({ getDisplayMedia });
  return getDisplayMedia;
}

/** start() answers once the browser's picker has; let that happen inside act. */
const startAndSettle = (start: () => void) =>
  act(async () => {
    start();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('the doctor sharing their screen', () => {
  afterEach(() => void delete (navigator as { mediaDevices?: unknown }).mediaDevices);

  it('shares the chosen screen, and the browser’s own "Stop sharing" returns to the camera', async () => {
    const track = new FakeTrack();
    const pick = stubDisplayMedia(async () => ({ getVideoTracks: () => [track], getTracks: () => [track] }));
    const { result } = renderHook(() => useScreenShare(true));
    expect(result.current.supported).toBe(true);
    await startAndSettle(result.current.start);
    expect(pick).toHaveBeenCalledWith({ video: true, audio: false });
    expect(result.current.track).toBe(track);

    act(() => void track.dispatchEvent(new Event('ended')));
    expect(result.current.track).toBeNull();
    expect(track.stopped).toBe(true);
  });

  it('Stop ends the capture; leaving the room ends it too', async () => {
    const first = new FakeTrack();
    const second = new FakeTrack();
    const tracks = [first, second];
    stubDisplayMedia(async () => {
      const t = tracks.shift()!;
      return { getVideoTracks: () => [t], getTracks: () => [t] };
    });
    const { result, rerender } = renderHook(({ on }) => useScreenShare(on), { initialProps: { on: true } });
    await startAndSettle(result.current.start);
    act(() => result.current.stop());
    expect(first.stopped).toBe(true);
    expect(result.current.track).toBeNull();

    await startAndSettle(result.current.start);
    expect(result.current.track).toBe(second);
    rerender({ on: false });
    expect(second.stopped).toBe(true);
    expect(result.current.track).toBeNull();
  });

  it('closing the picker is no error and shares nothing', async () => {
    stubDisplayMedia(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    const { result } = renderHook(() => useScreenShare(true));
    await startAndSettle(result.current.start);
    expect(result.current.track).toBeNull();
  });

  it('is not offered where the browser cannot capture a screen (phones)', () => {
    stubMediaDevices({});
    const { result } = renderHook(() => useScreenShare(true));
    expect(result.current.supported).toBe(false);
  });
});
