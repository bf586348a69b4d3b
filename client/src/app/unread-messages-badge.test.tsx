// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { aCurrentUser } from '../test-support/current-user';
import { Navbar } from './navbar';
import { navLinksFor, userMenuLinks } from './nav-links';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showNavbar(unread: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/conversations/unread'
        ? new Response(JSON.stringify({ unread }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  const client = createQueryClient();
  const user = aCurrentUser();
  client.setQueryData(queryKeys.currentUser, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Navbar user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Messages in the navbar', () => {
  it('is there for patients and doctors, not administrators; My Documents is in a patient’s menu', () => {
    const has = (type: 'patient' | 'doctor' | 'admin') => navLinksFor(type).some((l) => l.to === '/messages');
    expect([has('patient'), has('doctor'), has('admin')]).toEqual([true, true, false]);
    expect(navLinksFor(null).some((l) => l.to === '/messages')).toBe(false);
    expect(userMenuLinks('patient').map((l) => l.to)).toContain('/my-documents');
  });

  it('shows how many messages wait, and a screen reader hears it in the link’s name', { timeout: 15_000 }, async () => {
    showNavbar(3);
    await screen.findByTestId('messages-badge', {}, { timeout: 5_000 });
    const link = screen.getByRole('link', { name: 'Messages (3 unread messages)' });
    expect(link.getAttribute('href')).toBe('/messages');
    expect(screen.getByTestId('messages-badge').textContent).toBe('3');
  });

  it('reads as plain "Messages" when nothing waits', async () => {
    showNavbar(0);
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByTestId('messages-badge')).toBeNull();
  });
});
