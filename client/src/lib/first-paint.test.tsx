// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterFirstPaint, FirstPaintGate } from './first-paint';

afterEach(cleanup);

describe('what waits for the first paint', () => {
  it('shows the placeholder in the first commit and the held-back part after the next frame', async () => {
    render(
      <FirstPaintGate>
        <p>Heading</p>
        <AfterFirstPaint placeholder={<p>Below the fold, soon</p>}>
          <p>Featured doctors</p>
        </AfterFirstPaint>
      </FirstPaintGate>,
    );
    expect(screen.getByText('Heading')).toBeTruthy();
    expect(screen.getByText('Below the fold, soon')).toBeTruthy();
    expect(screen.queryByText('Featured doctors')).toBeNull();
    expect(await screen.findByText('Featured doctors')).toBeTruthy();
    expect(screen.queryByText('Below the fold, soon')).toBeNull();
  });

  it('holds nothing back outside the gate (a screen rendered on its own, as in tests)', () => {
    render(
      <AfterFirstPaint placeholder={<p>waiting</p>}>
        <p>Featured doctors</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('Featured doctors')).toBeTruthy();
  });
});
