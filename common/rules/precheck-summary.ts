import type { DeviceCheckResult, NetworkCheckResult } from '../constants/prechecks';
import type { PrecheckInput } from '../schemas/prechecks';

/** One part of the summary: the short mark a sighted doctor scans, and the words a screen reader says. */
export type SummaryPart = { label: string; mark: string; words: string; ok: boolean };

const DEVICE: Record<DeviceCheckResult, { mark: string; words: string; ok: boolean }> = {
  ok: { mark: '\u2713', words: 'works', ok: true },
  blocked: { mark: '\u2717', words: 'blocked', ok: false },
  missing: { mark: '\u2717', words: 'not found', ok: false },
  skipped: { mark: '\u2013', words: 'not checked', ok: true },
};

const NETWORK: Record<NetworkCheckResult, { words: string; ok: boolean }> = {
  direct: { words: 'direct connection', ok: true },
  relay: { words: 'relay only', ok: true },
  none: { words: 'no connection', ok: false },
  untested: { words: 'network not tested', ok: true },
};

/**
 * "camera ✓, mic ✓, relay only" as parts. A voice visit never checks the camera, so a skipped
 * camera is left out there rather than shown as a gap.
 */
export function precheckSummaryParts(result: PrecheckInput, consultationType: string): SummaryPart[] {
  const parts: SummaryPart[] = [];
  if (!(consultationType === 'voice' && result.camera === 'skipped')) {
    parts.push({ label: 'camera', ...DEVICE[result.camera] });
  }
  parts.push({ label: 'mic', ...DEVICE[result.microphone] });
  const net = NETWORK[result.network];
  parts.push({ label: '', mark: '', words: net.words, ok: net.ok });
  return parts;
}

/** The plain-words line: "camera works, mic works, relay only". */
export function precheckSummaryText(result: PrecheckInput, consultationType: string): string {
  return precheckSummaryParts(result, consultationType)
    .map((p) => (p.label ? `${p.label} ${p.words}` : p.words))
    .join(', ');
}

/** Whether anything the check found needs the doctor's attention. */
export const precheckNeedsAttention = (result: PrecheckInput, consultationType: string) =>
  precheckSummaryParts(result, consultationType).some((p) => !p.ok);
