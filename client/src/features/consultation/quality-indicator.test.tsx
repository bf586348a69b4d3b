// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QualityIndicator } from './quality-indicator';
import type { CallQuality } from './use-call-quality';

afterEach(cleanup);

const q = (mine: CallQuality['mine'], theirs: CallQuality['theirs'], poorForLong = false): CallQuality => ({
  mine,
  theirs,
  poorForLong,
});
const NAME = 'Dr. Daniel Okafor';
const announced = () => screen.getByRole('status').textContent;

describe('the call quality indicator', () => {
  it('says both levels in words, named for a screen reader', () => {
    render(<QualityIndicator quality={q('good', 'weak')} reconnecting={false} otherName={NAME} />);
    expect(screen.getByTestId('quality-mine').textContent).toBe('Your connection: You:Good');
    expect(screen.getByTestId('quality-theirs').textContent).toBe(`${NAME}'s connection: ${NAME}:Weak`);
    // The visible "You:" is hidden from screen readers, which hear "Your connection: Good".
    expect(screen.getByText('You:').getAttribute('aria-hidden')).toBe('true');
    expect(announced()).toBe('');
  });

  it('announces a side turning poor once, the drop, the recovery and the offer, never every tick', () => {
    const view = (quality: CallQuality, reconnecting = false) => (
      <QualityIndicator quality={quality} reconnecting={reconnecting} otherName={NAME} />
    );
    const { rerender } = render(view(q('good', 'good')));
    rerender(view(q('poor', 'good')));
    expect(announced()).toBe('Your connection is poor.');
    rerender(view(q('poor', 'weak')));
    expect(announced()).toBe('Your connection is poor.');
    rerender(view(q('poor', 'poor')));
    expect(announced()).toBe(`${NAME}'s connection is poor.`);

    rerender(view(q(null, null), true));
    expect(announced()).toBe('The call dropped. Reconnecting…');
    expect(screen.getByTestId('reconnecting').textContent).toBe('Reconnecting…');
    expect(screen.queryByTestId('quality-mine')).toBeNull();
    rerender(view(q(null, 'poor'), true)); // a late report while down says nothing new
    expect(announced()).toBe('The call dropped. Reconnecting…');
    rerender(view(q(null, null)));
    expect(announced()).toBe('The call is connected again.');

    rerender(view(q('poor', 'good', true)));
    expect(announced()).toMatch(/^The connection has been poor for a while\./);
  });
});
