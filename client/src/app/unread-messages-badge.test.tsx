// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { aCurrentUser } from '../test-support/current-user';
import { Navbar } from './navbar';
import { pathOf, startServer } from '../test-support/msw';
import { navLinksFor, userMenuLinks } from './nav-links';

const server = startServer();

afterEach(cleanup);

function showNavbar(unread: number) {
  server.use(
    http.all('*', ({ request }) =>
      pathOf(request) === '/api/conversations/unread' ? HttpResponse.json({ unread }) : HttpResponse.json([]),
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
