// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Consultation } from '@common/schemas/consultations';
import { createQueryClient } from '../../lib/query-client';
import { pathOf, startServer } from '../../test-support/msw';
import { loadDeviceChoice, wasChecked } from './device-choice';
import { PrecallCheck } from './precall-check';

const server = startServer();

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function consultation(id: string, type: 'video' | 'voice'): Consultation {
  const startsAt = new Date(Date.now() + 5 * 60_000).toISOString();
  return {
    id,
    appointmentId: id,
    status: 'waiting',
    startedAt: null,
    endedAt: null,
    serverTime: new Date().toISOString(),
    appointment: {
      id,
      status: 'confirmed',
      consultationType: type,
      reasonForVisit: 'Cough',
      appointmentDate: startsAt.slice(0, 10),
      appointmentTime: '09:00 AM',
      startsAt,
      timeZone: 'UTC',
      fee: 5000,
      paymentStatus: 'succeeded',
    },
    doctor: {
      id: '11111111-1111-4111-8111-111111111111',
      userId: '11111111-1111-4111-8111-111111111112',
      specialty: 'Family Medicine',
      user: { firstName: 'Ada', lastName: 'Okafor', profileImageUrl: null },
    },
    patient: { id: '33333333-3333-4333-8333-333333333333', firstName: 'Sam', lastName: 'Lee', profileImageUrl: null },
    iceServers: [{ urls: 'turn:turn.example.org:3478', username: 'u', credential: 'c' }],
  };
}

const track = (deviceId: string) => ({ getSettings: () => ({ deviceId }), stop: vi.fn() });
const micOnly = () => {
  const mic = track('mic-1');
  return { getAudioTracks: () => [mic], getVideoTracks: () => [], getTracks: () => [mic] };
};

/** A peer connection that gathers candidates of the given types and then finishes. */
function peerGathering(types: string[]) {
  return class {
    onicecandidate: ((e: { candidate: { type: string; candidate: string } | null }) => void) | null = null;
    createDataChannel() {}
    async createOffer() {
      return { type: 'offer', sdp: '' };
    }
    async setLocalDescription() {
      setTimeout(() => {
        for (const type of types) this.onicecandidate?.({ candidate: { type, candidate: `typ ${type}` } });
        this.onicecandidate?.({ candidate: null });
      }, 0);
    }
    close() {}
  };
}

let posted: unknown[];
let getUserMedia: ReturnType<typeof vi.fn>;

beforeEach(() => {
  posted = [];
  sessionStorage.clear();
  localStorage.clear();
  // The browser refuses the camera; the microphone is allowed.
  getUserMedia = vi.fn(async (c: MediaStreamConstraints) => {
    if (c.video) throw Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    return micOnly();
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia,
      enumerateDevices: async () => [{ kind: 'audioinput', deviceId: 'mic-1', label: 'Desk microphone', groupId: '' }],
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: FIREFOX });
  vi.stubGlobal('RTCPeerConnection', peerGathering(['relay']));
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (request.method === 'POST') posted.push({ url, body: await request.json() });
      return new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (c: Consultation, onJoin = vi.fn()) => {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PrecallCheck consultation={c} role="patient" onJoin={onJoin} />
    </QueryClientProvider>,
  );
  return onJoin;
};

describe('the pre-call check with a refused camera', () => {
  it('offers joining by voice and the steps for this browser; joining by voice reports it and keeps the microphone', async () => {
    const id = '22222222-2222-4222-8222-000000000001';
    const onJoin = show(consultation(id, 'video'));

    expect(await screen.findByRole('heading', { name: 'Your camera is not available' })).toBeTruthy();
    expect(screen.getByText('This browser is not allowed to use your camera.')).toBeTruthy();
    expect(screen.getByText('To allow the camera in Firefox:')).toBeTruthy();
    expect(screen.getByText('Click the crossed-out camera icon at the left of the address bar.')).toBeTruthy();
    // The microphone still works, with its meter and the device listed once allowed.
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Desk microphone' })).toBeTruthy();
    expect(await screen.findByText('Relay only — the call will work')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join now' })).toBeTruthy();

    // Check again asks the browser again.
    const asked = getUserMedia.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(getUserMedia.mock.calls.length).toBeGreaterThan(asked));
    await screen.findByRole('heading', { name: 'Your camera is not available' });

    fireEvent.click(screen.getByRole('button', { name: 'Join by voice' }));
    expect(onJoin).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: `/api/consultations/${id}/precheck`,
          body: { camera: 'blocked', microphone: 'ok', network: 'relay' },
        },
      ]),
    );
    expect(loadDeviceChoice(id)).toMatchObject({ video: false, microphoneId: 'mic-1' });
    expect(wasChecked(id)).toBe(true);
  });

  it('Join now at once: nothing tested yet is reported as such', async () => {
    const id = '22222222-2222-4222-8222-000000000002';
    getUserMedia.mockImplementation(() => new Promise(() => {}));
    const onJoin = show(consultation(id, 'video'));
    fireEvent.click(screen.getByRole('button', { name: 'Join now' }));
    expect(onJoin).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: `/api/consultations/${id}/precheck`,
          body: { camera: 'skipped', microphone: 'skipped', network: 'untested' },
        },
      ]),
    );
    expect(loadDeviceChoice(id).video).toBe(true);
  });
});

describe('the network verdict on screen', () => {
  it.each([
    [['host', 'srflx'], 'Direct connection possible', /best picture and sound/],
    [['relay'], 'Relay only — the call will work', /goes through our relay server/],
    [[], 'No connection possible — try another network', /Switch to mobile data or another Wi-Fi/],
  ])('candidates %j: "%s" with advice', async (types, title, advice) => {
    vi.stubGlobal('RTCPeerConnection', peerGathering(types));
    show(consultation('22222222-2222-4222-8222-000000000003', 'voice'));
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(advice)).toBeTruthy();
    // A voice visit has no camera part.
    expect(screen.queryByRole('heading', { name: 'Camera' })).toBeNull();
  });
});
