// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { POLICY_LAST_UPDATED, PrivacyPolicyPage } from './privacy-policy-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('dates the policy by when its text changed, not by the day it is read', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2029-03-15T10:00:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PrivacyPolicyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const stamp = screen.getByText(/Last updated:/);
  expect(stamp.querySelector('time')?.getAttribute('dateTime')).toBe(POLICY_LAST_UPDATED);
  expect(stamp.textContent).toBe('Last updated: November 26, 2026');
  expect(stamp.textContent).not.toContain('2029');
});
