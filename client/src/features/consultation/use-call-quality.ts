import { useEffect, useRef, useState } from 'react';
import type { CallQualityLevel } from '@common/schemas/realtime';
import {
  classify,
  POOR_OFFER_AFTER_MS,
  POOR_SPELL_ENDS_AFTER_MS,
  sampleFromStats,
  RESEND_AFTER_MS,
  STATS_INTERVAL_MS,
  worstOf,
  type StatsCounters,
} from './call-quality';
import type { ConsultationSocket } from './use-consultation-socket';
import type { WebRtcState } from './use-webrtc';

export type CallQuality = {
  /** How media reaches me, from my own stats; null before there is anything to judge. */
  mine: CallQualityLevel | null;
  /** How media reaches the other participant, as they reported it. */
  theirs: CallQualityLevel | null;
  /** A video call's link has been poor, on either side, for 10 s: time to offer camera off or voice only. */
  poorForLong: boolean;
};

/**
 * Reads getStats() every 2 s while connected, tells the other side its level when it changes
 * (and every 10 s, and to a newly arrived page), and keeps theirs.
 */
export function useCallQuality(rtc: WebRtcState, socket: ConsultationSocket, kind: 'video' | 'voice'): CallQuality {
  const [mine, setMine] = useState<CallQualityLevel | null>(null);
  const [theirs, setTheirs] = useState<CallQualityLevel | null>(null);
  const { getStats, connectionState, reconnecting } = rtc;
  const live = connectionState === 'connected' && !reconnecting;
  const expectVideo =
    kind === 'video' && rtc.remoteVideoOn && !rtc.remoteVoiceOnly && !rtc.voiceOnly && !rtc.remoteScreen;
  const expectVideoRef = useRef(expectVideo);
  expectVideoRef.current = expectVideo;

  const { sendSignal, onSignal, peer, peerArrivals, status } = socket;
  const canSend = Boolean(peer) && status === 'connected';
  const canSendRef = useRef(canSend);
  canSendRef.current = canSend;
  // What the other side last heard from us; a new page of theirs has heard nothing yet.
  const sent = useRef<{ level: CallQualityLevel | null; at: number }>({ level: null, at: 0 });
  useEffect(() => {
    sent.current = { level: null, at: 0 };
  }, [peerArrivals, status]);

  useEffect(() => {
    if (!live) {
      setMine(null);
      return;
    }
    let previous: StatsCounters | null = null;
    let readings = 0;
    let cancelled = false;
    const read = async () => {
      const report = await getStats()?.catch(() => null);
      if (cancelled || !report) return;
      const now = performance.now();
      // When media resumes after a drop, the receiver counts the whole gap in sequence numbers as
      // lost, at once: the first interval after (re)connecting is a baseline, not a verdict.
      const reading = sampleFromStats(
        report.values() as Iterable<Record<string, unknown> & { type: string; id: string }>,
        readings++ >= 2 ? previous : null,
        { at: now, expectVideo: expectVideoRef.current },
      );
      previous = reading.counters;
      const level = classify(reading.sample);
      if (!level) return;
      setMine(level);
      // On change, and every 10 s besides: the other side may have dropped our last report
      // while its own connection was restarting.
      const last = sent.current;
      if (canSendRef.current && (level !== last.level || now - last.at >= RESEND_AFTER_MS)) {
        sent.current = { level, at: now };
        sendSignal({ type: 'call_quality', level });
      }
    };
    const timer = setInterval(() => void read(), STATS_INTERVAL_MS);
    void read();
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [live, getStats, sendSignal]);

  useEffect(
    () =>
      onSignal((frame) => {
        if (frame.type === 'call_quality') setTheirs(frame.level);
      }),
    [onSignal],
  );
  // A report describes a connection that is up: none while ours restarts, or once that page is gone.
  const peerId = peer?.userId;
  useEffect(() => {
    if (!live || !peerId) setTheirs(null);
  }, [live, peerId, peerArrivals]);

  const poorForLong = usePoorSpell(worstOf(mine, theirs) === 'poor');

  // Only a video call has a camera to turn off or video to give up.
  return { mine, theirs, poorForLong: kind === 'video' && poorForLong };
}

/**
 * True once the link has been poor for 10 s. A bad link wavers between weak and poor; a spell
 * ends only after 4 s without poor, so one better reading neither hides the offer nor restarts the wait.
 */
export function usePoorSpell(poorNow: boolean): boolean {
  const [long, setLong] = useState(false);
  const spell = useRef<ReturnType<typeof setTimeout> | null>(null);
  const calm = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (poorNow) {
      if (calm.current) clearTimeout(calm.current);
      calm.current = null;
      spell.current ??= setTimeout(() => setLong(true), POOR_OFFER_AFTER_MS);
    } else if (spell.current && !calm.current) {
      calm.current = setTimeout(() => {
        clearTimeout(spell.current!);
        spell.current = null;
        calm.current = null;
        setLong(false);
      }, POOR_SPELL_ENDS_AFTER_MS);
    }
  }, [poorNow]);
  useEffect(
    () => () => {
      for (const timer of [spell.current, calm.current]) if (timer) clearTimeout(timer);
    },
    [],
  );
  return long;
}
