import { useCallback, useEffect, useRef, useState } from 'react';

/** The level (0–100) at which the check says "We hear you". */
export const HEARD_LEVEL = 20;
const SAMPLE_MS = 100;

/**
 * 0–100 from one buffer of time-domain samples (bytes centred on 128). The square root spreads
 * quiet speech over the bar instead of leaving it near zero.
 */
export function levelFromSamples(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const value of samples) {
    const x = (value - 128) / 128;
    sum += x * x;
  }
  return Math.min(100, Math.round(Math.sqrt(Math.sqrt(sum / samples.length)) * 150));
}

/**
 * The microphone's level through a WebAudio AnalyserNode, sampled ten times a second. A context
 * the browser keeps suspended (no click on this page yet) reports `suspended`; `resume` is for a
 * button press.
 */
export function useMicLevel(stream: MediaStream | null) {
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);
  const [suspended, setSuspended] = useState(false);
  const context = useRef<AudioContext | null>(null);
  const track = stream?.getAudioTracks()[0] ?? null;

  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') return;
    const ctx = new AudioContext();
    context.current = ctx;
    const source = ctx.createMediaStreamSource(new MediaStream([track]));
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    void ctx.resume().then(
      () => setSuspended(ctx.state === 'suspended'),
      () => setSuspended(true),
    );
    const timer = setInterval(() => {
      if (ctx.state !== 'running') return;
      analyser.getByteTimeDomainData(samples);
      const next = levelFromSamples(samples);
      setLevel(next);
      if (next >= HEARD_LEVEL) setHeard(true);
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      context.current = null;
      void ctx.close().catch(() => {});
      setLevel(0);
    };
  }, [track]);

  const resume = useCallback(() => {
    void context.current?.resume().then(
      () => setSuspended(false),
      () => {},
    );
  }, []);
  return { level, heard, suspended, resume };
}
