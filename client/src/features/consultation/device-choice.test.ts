// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  activeDeviceChoice,
  loadDeviceChoice,
  markChecked,
  saveDeviceChoice,
  setActiveVisit,
  wasChecked,
} from './device-choice';

const A = '22222222-2222-4222-8222-00000000000a';
const B = '22222222-2222-4222-8222-00000000000b';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  setActiveVisit(null);
});

describe('the devices chosen for a visit', () => {
  it('are kept per visit, and the room reads the active visit’s', () => {
    saveDeviceChoice(A, { cameraId: 'cam-2', microphoneId: 'mic-2', video: false });
    expect(loadDeviceChoice(A)).toEqual({ cameraId: 'cam-2', microphoneId: 'mic-2', video: false });
    expect(loadDeviceChoice(B)).toEqual({});
    expect(activeDeviceChoice()).toEqual({});
    setActiveVisit(A);
    expect(activeDeviceChoice()).toMatchObject({ cameraId: 'cam-2', video: false });
  });

  it('a damaged or forged stored value counts as no choice', () => {
    sessionStorage.setItem(`medora.precall.devices.${A}`, '{not json');
    expect(loadDeviceChoice(A)).toEqual({});
    sessionStorage.setItem(`medora.precall.devices.${A}`, JSON.stringify({ cameraId: 7, video: 'yes', x: 1 }));
    expect(loadDeviceChoice(A)).toEqual({
      cameraId: undefined,
      microphoneId: undefined,
      speakerId: undefined,
      video: undefined,
    });
  });
});

describe('skipping the check next time', () => {
  it('only for a visit checked in this browser, and old visits drop out of the list', () => {
    const now = Date.now();
    expect(wasChecked(A)).toBe(false);
    markChecked(A, now - 4 * 86_400_000);
    markChecked(B, now);
    expect(wasChecked(B)).toBe(true);
    expect(wasChecked(A)).toBe(false);
    expect(Object.keys(JSON.parse(localStorage.getItem('medora.precall.checked')!))).toEqual([B]);
  });
});
