import type { CallQualityLevel } from '@common/schemas/realtime';

/** How often the room reads getStats(): often enough to notice a drop, rarely enough to cost nothing. */
export const STATS_INTERVAL_MS = 2000;
/** An unchanged level is told to the other side again this often. */
export const RESEND_AFTER_MS = 10_000;
/** How long the link must stay poor before the room offers to turn the camera off or go voice only. */
export const POOR_OFFER_AFTER_MS = 10_000;
/** A poor spell ends after this long without a poor reading (two stats ticks). */
export const POOR_SPELL_ENDS_AFTER_MS = 4000;

/**
 * Limits between good / weak and weak / poor (docs/call-quality.md says where they come from).
 * Round-trip time: ITU-T G.114 puts one-way delay up to 150 ms as fine and above 400 ms as not
 * acceptable for conversation; twice those are round trips. Loss: the 5 % / 10 % steps of WebRTC
 * call-quality tests (Opus' in-band FEC and concealment hide a few percent, not ten). Frame rate:
 * 15 fps is the usual floor of conversational video; below 8 fps lips and speech part ways.
 */
export const QUALITY_LIMITS = {
  rttMs: { weak: 300, poor: 800 },
  lossPct: { weak: 5, poor: 10 },
  fps: { weak: 15, poor: 8 },
} as const;

export type QualitySample = {
  /** Share of the packets meant for me in the last interval that never arrived. */
  lossPct: number | null;
  /** Round-trip time of the candidate pair in use. */
  rttMs: number | null;
  /** Frames per second of the video I receive; null when no video is expected. */
  fps: number | null;
};

/** Cumulative counters of one stats reading, to turn the next reading into per-interval figures. */
export type StatsCounters = { at: number; received: number; lost: number; frames: number; streams: number };

const RANK: Record<CallQualityLevel, number> = { good: 0, weak: 1, poor: 2 };

export const worstOf = (...levels: (CallQualityLevel | null)[]): CallQualityLevel | null =>
  levels.reduce<CallQualityLevel | null>((worst, l) => (l && (!worst || RANK[l] > RANK[worst]) ? l : worst), null);

const higherIsWorse = (value: number, limits: { weak: number; poor: number }): CallQualityLevel =>
  value >= limits.poor ? 'poor' : value >= limits.weak ? 'weak' : 'good';

/** The worst of the three figures; null when there is nothing to judge yet. */
export function classify(sample: QualitySample): CallQualityLevel | null {
  const levels: CallQualityLevel[] = [];
  if (sample.rttMs !== null) levels.push(higherIsWorse(sample.rttMs, QUALITY_LIMITS.rttMs));
  if (sample.lossPct !== null) levels.push(higherIsWorse(sample.lossPct, QUALITY_LIMITS.lossPct));
  if (sample.fps !== null) {
    const { weak, poor } = QUALITY_LIMITS.fps;
    levels.push(sample.fps < poor ? 'poor' : sample.fps < weak ? 'weak' : 'good');
  }
  return worstOf(...levels);
}

type Stat = Record<string, unknown> & { type: string; id: string };
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The round trip of the selected candidate pair, else of the nominated pair that succeeded. */
function roundTripMs(stats: Stat[]): number | null {
  const selectedId = stats.find((s) => s.type === 'transport' && s.selectedCandidatePairId)?.selectedCandidatePairId;
  const pair =
    stats.find((s) => s.type === 'candidate-pair' && s.id === selectedId) ??
    stats.find((s) => s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded');
  const seconds = num(pair?.currentRoundTripTime);
  return seconds === null ? null : Math.round(seconds * 1000);
}

/**
 * One reading of `RTCPeerConnection.getStats()` as a sample, given the previous reading's
 * counters. Loss and frame rate are over the interval, not since the call began, so a bad patch
 * shows now and a recovered one clears now. The first reading gives only the round trip.
 */
export function sampleFromStats(
  report: Iterable<Stat>,
  previous: StatsCounters | null,
  opts: { at: number; expectVideo: boolean },
): { sample: QualitySample; counters: StatsCounters } {
  const stats = [...report];
  const inbound = stats.filter((s) => s.type === 'inbound-rtp');
  const counters: StatsCounters = { at: opts.at, received: 0, lost: 0, frames: 0, streams: inbound.length };
  for (const s of inbound) {
    counters.received += num(s.packetsReceived) ?? 0;
    // packetsLost can go negative with duplicates (RFC 3550); never count that as negative loss.
    counters.lost += Math.max(0, num(s.packetsLost) ?? 0);
    if (s.kind === 'video') counters.frames += num(s.framesDecoded) ?? 0;
  }
  const sample: QualitySample = { lossPct: null, rttMs: roundTripMs(stats), fps: null };
  if (previous && previous.streams > 0 && counters.streams > 0) {
    const received = Math.max(0, counters.received - previous.received);
    const lost = Math.max(0, counters.lost - previous.lost);
    // Nothing at all arrived where media used to: everything sent was lost, even before any
    // report could say so. A side that never sent (no camera, no microphone) is not a loss.
    if (received + lost > 0) sample.lossPct = Math.round((lost / (received + lost)) * 1000) / 10;
    else if (previous.received > 0) sample.lossPct = 100;
    const seconds = (opts.at - previous.at) / 1000;
    if (opts.expectVideo && seconds > 0) {
      sample.fps = Math.round((Math.max(0, counters.frames - previous.frames) / seconds) * 10) / 10;
    }
  }
  return { sample, counters };
}
