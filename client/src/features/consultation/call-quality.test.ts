import { describe, expect, it } from 'vitest';
import { classify, sampleFromStats, worstOf, type StatsCounters } from './call-quality';

const sample = (s: Partial<{ lossPct: number; rttMs: number; fps: number }>) => ({
  lossPct: s.lossPct ?? null,
  rttMs: s.rttMs ?? null,
  fps: s.fps ?? null,
});

describe('stats → good / weak / poor', () => {
  it('judges each figure at its limits', () => {
    expect(classify(sample({ rttMs: 299 }))).toBe('good');
    expect(classify(sample({ rttMs: 300 }))).toBe('weak');
    expect(classify(sample({ rttMs: 799 }))).toBe('weak');
    expect(classify(sample({ rttMs: 800 }))).toBe('poor');
    expect(classify(sample({ lossPct: 4.9 }))).toBe('good');
    expect(classify(sample({ lossPct: 5 }))).toBe('weak');
    expect(classify(sample({ lossPct: 10 }))).toBe('poor');
    expect(classify(sample({ fps: 15 }))).toBe('good');
    expect(classify(sample({ fps: 14.9 }))).toBe('weak');
    expect(classify(sample({ fps: 8 }))).toBe('weak');
    expect(classify(sample({ fps: 7.9 }))).toBe('poor');
  });

  it('is as bad as the worst figure, and says nothing without figures', () => {
    expect(classify(sample({ rttMs: 40, lossPct: 0, fps: 30 }))).toBe('good');
    expect(classify(sample({ rttMs: 40, lossPct: 12, fps: 30 }))).toBe('poor');
    expect(classify(sample({ rttMs: 350, lossPct: 0, fps: 30 }))).toBe('weak');
    expect(classify(sample({}))).toBeNull();
    expect(worstOf(null, 'weak', 'good')).toBe('weak');
    expect(worstOf(null, null)).toBeNull();
  });
});

type Row = Record<string, unknown> & { type: string; id: string };
const report = (o: { audio: [number, number]; video?: [number, number, number]; rtt?: number }): Row[] => [
  { type: 'transport', id: 'T', selectedCandidatePairId: 'P1' },
  { type: 'candidate-pair', id: 'P0', nominated: true, state: 'succeeded', currentRoundTripTime: 9 },
  { type: 'candidate-pair', id: 'P1', nominated: true, state: 'succeeded', currentRoundTripTime: o.rtt ?? 0.05 },
  { type: 'inbound-rtp', id: 'A', kind: 'audio', packetsReceived: o.audio[0], packetsLost: o.audio[1] },
  ...(o.video
    ? [
        {
          type: 'inbound-rtp',
          id: 'V',
          kind: 'video',
          packetsReceived: o.video[0],
          packetsLost: o.video[1],
          framesDecoded: o.video[2],
        },
      ]
    : []),
];

describe('a getStats() reading as a sample', () => {
  it('takes the round trip of the selected pair, and nothing else from a first reading', () => {
    const first = sampleFromStats(report({ audio: [100, 0], video: [900, 0, 60], rtt: 0.123 }), null, {
      at: 0,
      expectVideo: true,
    });
    expect(first.sample).toEqual({ rttMs: 123, lossPct: null, fps: null });
  });

  it('measures loss and frame rate over the interval, not since the call began', () => {
    const previous: StatsCounters = { at: 0, received: 10_000, lost: 2_000, frames: 600, streams: 2 };
    // 2 s later: 190 packets arrived and 10 were lost (5 %), 40 frames decoded (20 fps).
    const { sample: s } = sampleFromStats(report({ audio: [8_100, 1_005], video: [2_090, 1_005, 640] }), previous, {
      at: 2000,
      expectVideo: true,
    });
    expect(s).toEqual({ rttMs: 50, lossPct: 5, fps: 20 });
    expect(classify(s)).toBe('weak');
  });

  it('counts an interval in which nothing arrived as all lost, but not a side that never sent', () => {
    const flowing: StatsCounters = { at: 0, received: 500, lost: 0, frames: 0, streams: 1 };
    const silent = sampleFromStats(report({ audio: [500, 0] }), flowing, { at: 2000, expectVideo: false });
    expect(silent.sample.lossPct).toBe(100);
    expect(classify(silent.sample)).toBe('poor');
    const never: StatsCounters = { at: 0, received: 0, lost: 0, frames: 0, streams: 1 };
    expect(
      sampleFromStats(report({ audio: [0, 0] }), never, { at: 2000, expectVideo: false }).sample.lossPct,
    ).toBeNull();
  });

  it('ignores the frame rate when no video is expected (camera off, voice only, a still screen)', () => {
    const previous: StatsCounters = { at: 0, received: 100, lost: 0, frames: 100, streams: 2 };
    const { sample: s } = sampleFromStats(report({ audio: [150, 0], video: [60, 0, 102] }), previous, {
      at: 2000,
      expectVideo: false,
    });
    expect(s.fps).toBeNull();
    expect(classify(s)).toBe('good');
  });

  it('never reads duplicates (negative packetsLost) as negative loss', () => {
    const previous: StatsCounters = { at: 0, received: 100, lost: 0, frames: 0, streams: 1 };
    const { sample: s } = sampleFromStats(report({ audio: [200, -3] }), previous, { at: 2000, expectVideo: false });
    expect(s.lossPct).toBe(0);
  });
});
