import { describe, expect, it } from 'vitest';
import { precheckNeedsAttention, precheckSummaryParts, precheckSummaryText } from './precheck-summary';

describe('the pre-call summary beside the patient', () => {
  it('reads "camera ✓, mic ✓, relay only", and in words for screen readers', () => {
    const result = { camera: 'ok', microphone: 'ok', network: 'relay' } as const;
    const marks = precheckSummaryParts(result, 'video').map((p) => (p.label ? `${p.label} ${p.mark}` : p.words));
    expect(marks.join(', ')).toBe('camera \u2713, mic \u2713, relay only');
    expect(precheckSummaryText(result, 'video')).toBe('camera works, mic works, relay only');
    expect(precheckNeedsAttention(result, 'video')).toBe(false);
  });

  it('flags a blocked camera, a missing microphone and no connection', () => {
    const result = { camera: 'blocked', microphone: 'missing', network: 'none' } as const;
    expect(precheckSummaryText(result, 'video')).toBe('camera blocked, mic not found, no connection');
    expect(precheckNeedsAttention(result, 'video')).toBe(true);
  });

  it('leaves the camera out of a voice visit, and says what was not tested', () => {
    const result = { camera: 'skipped', microphone: 'ok', network: 'untested' } as const;
    expect(precheckSummaryText(result, 'voice')).toBe('mic works, network not tested');
    expect(precheckSummaryText(result, 'video')).toBe('camera not checked, mic works, network not tested');
  });
});
