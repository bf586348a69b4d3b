import { describe, expect, it } from 'vitest';
import type { Peer } from '@common/schemas/realtime';
import { noPresence, presenceAfter } from './presence-state';

const ID = '00000000-0000-4000-8000-000000000009';
const patient: Peer = { userId: '00000000-0000-4000-8000-000000000001', name: 'Pat Ient', role: 'patient' };
const you: Peer = { userId: '00000000-0000-4000-8000-000000000002', name: 'Dr. Who', role: 'doctor' };
const joined = (peers: Peer[]) => ({ type: 'joined', consultationId: ID, status: 'waiting', you, peers }) as const;

describe('the other participant in the room', () => {
  it('counts an arrival when they join, and again when they open the room in another tab', () => {
    let state = presenceAfter(noPresence, joined([]));
    expect(state).toEqual({ peer: null, arrivals: 0 });
    state = presenceAfter(state, { type: 'peer_joined', consultationId: ID, peer: patient });
    expect(state).toEqual({ peer: patient, arrivals: 1 });
    // Their second tab took over: same person, new page, so a new call.
    state = presenceAfter(state, { type: 'peer_joined', consultationId: ID, peer: patient });
    expect(state).toEqual({ peer: patient, arrivals: 2 });
  });

  it('does not count our own reconnect finding them still there', () => {
    let state = presenceAfter(noPresence, joined([patient]));
    expect(state.arrivals).toBe(1);
    state = presenceAfter(state, joined([patient]));
    expect(state).toEqual({ peer: patient, arrivals: 1 });
  });

  it('forgets them when they leave, so their return is an arrival', () => {
    let state = presenceAfter(noPresence, joined([patient]));
    state = presenceAfter(state, { type: 'peer_left', consultationId: ID, userId: you.userId });
    expect(state.peer).toEqual(patient);
    state = presenceAfter(state, { type: 'peer_left', consultationId: ID, userId: patient.userId });
    expect(state).toEqual({ peer: null, arrivals: 1 });
    expect(presenceAfter(state, joined([patient])).arrivals).toBe(2);
  });
});
