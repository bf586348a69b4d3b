// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollStrip } from './scroll-strip';

/** jsdom lays nothing out: give the strip a 300 px window onto 900 px of tabs. */
function layout(scrollLeft: number) {
  const spies = [
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300),
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900),
    vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'get').mockReturnValue(scrollLeft),
  ];
  return () => spies.forEach((s) => s.mockRestore());
}

afterEach(cleanup);

const strip = () =>
  render(
    <ScrollStrip>
      <div role="tablist" aria-label="Sections">
        {['Users', 'Doctors', 'Payments', 'Payouts', 'Applications', 'Settings'].map((name) => (
          <button key={name} role="tab" type="button">
            {name}
          </button>
        ))}
      </div>
    </ScrollStrip>,
  );

describe('a strip wider than its space', () => {
  it('shows that more lies to the right, and not to the left, at the start', () => {
    const restore = layout(0);
    strip();
    expect(screen.getByTestId('scroll-after')).toBeTruthy();
    expect(screen.queryByTestId('scroll-before')).toBeNull();
    restore();
  });

  it('shows both edges in the middle and only the left one at the end', () => {
    let restore = layout(0);
    const { container } = strip();
    const scroller = container.querySelector('.overflow-x-auto')!;
    restore();
    restore = layout(300);
    fireEvent.scroll(scroller);
    expect(screen.getByTestId('scroll-before')).toBeTruthy();
    expect(screen.getByTestId('scroll-after')).toBeTruthy();
    restore();
    restore = layout(600);
    fireEvent.scroll(scroller);
    expect(screen.getByTestId('scroll-before')).toBeTruthy();
    expect(screen.queryByTestId('scroll-after')).toBeNull();
    restore();
  });

  it('keeps its arrows out of the tab order and the accessibility tree; the tabs stay reachable', () => {
    const restore = layout(0);
    strip();
    const arrow = screen.getByTestId('scroll-after');
    expect(arrow.getAttribute('tabindex')).toBe('-1');
    expect(arrow.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getAllByRole('tab')).toHaveLength(6);
    restore();
  });
});
