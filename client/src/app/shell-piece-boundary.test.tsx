// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ShellPieceBoundary } from './shell-piece-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('drops a failed shell piece and keeps the rest of the page', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const Bell = () => {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/notification-bell-x.js');
  };
  render(
    <div>
      <ShellPieceBoundary>
        <Bell />
      </ShellPieceBoundary>
      <h1>Find Doctors</h1>
    </div>,
  );
  expect(screen.getByRole('heading', { name: 'Find Doctors' })).toBeTruthy();
});
