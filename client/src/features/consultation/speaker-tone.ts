/** Whether this browser can send sound to a chosen output (Chrome, Edge, Firefox; not Safari). */
export const canChooseSpeaker = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

type SinkAudio = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

const TONE_HZ = 440;
const TONE_SECONDS = 1.2;

/**
 * A short 440 Hz tone made by WebAudio (no sound file, nothing from another host), faded in and
 * out so it does not click, on the chosen speaker where the browser can choose one.
 */
export async function playTestTone(speakerId?: string): Promise<void> {
  const ctx = new AudioContext();
  let audio: SinkAudio | null = null;
  try {
    await ctx.resume();
    const oscillator = ctx.createOscillator();
    oscillator.frequency.value = TONE_HZ;
    const gain = ctx.createGain();
    const t = ctx.currentTime;
    gain.gain.setValueAtTime(0, t);
    gain.gain.linearRampToValueAtTime(0.2, t + 0.05);
    gain.gain.setValueAtTime(0.2, t + TONE_SECONDS - 0.15);
    gain.gain.linearRampToValueAtTime(0, t + TONE_SECONDS);
    oscillator.connect(gain);
    if (speakerId && canChooseSpeaker()) {
      const out = ctx.createMediaStreamDestination();
      gain.connect(out);
      audio = new Audio() as SinkAudio;
      audio.srcObject = out.stream;
      await audio.setSinkId?.(speakerId);
      await audio.play();
    } else {
      gain.connect(ctx.destination);
    }
    const ended = new Promise<void>((resolve) => (oscillator.onended = () => resolve()));
    oscillator.start(t);
    oscillator.stop(t + TONE_SECONDS);
    await ended;
  } finally {
    if (audio) {
      audio.pause();
      audio.srcObject = null;
    }
    await ctx.close().catch(() => {});
  }
}
