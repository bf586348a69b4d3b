// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePoorSpell } from './use-call-quality';

describe('when the link has stayed poor long enough to offer camera off or voice only', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('offers after 10 s of poor, through a single better reading, and withdraws after 4 s without poor', () => {
    const { result, rerender } = renderHook(({ poor }) => usePoorSpell(poor), { initialProps: { poor: true } });
    act(() => vi.advanceTimersByTime(6000));
    rerender({ poor: false }); // one weak reading in a bad spell
    act(() => vi.advanceTimersByTime(2000));
    rerender({ poor: true });
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);

    rerender({ poor: false });
    act(() => vi.advanceTimersByTime(3999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('a new spell waits its own 10 s', () => {
    const { result, rerender } = renderHook(({ poor }) => usePoorSpell(poor), { initialProps: { poor: true } });
    act(() => vi.advanceTimersByTime(5000));
    rerender({ poor: false });
    act(() => vi.advanceTimersByTime(4000)); // the spell is over
    rerender({ poor: true });
    act(() => vi.advanceTimersByTime(9999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});
