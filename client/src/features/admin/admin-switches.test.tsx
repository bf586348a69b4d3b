// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUserRow } from '@common/schemas/admin';
import { createQueryClient } from '../../lib/query-client';
import { Toaster } from '../../ui/toaster';
import { pathOf, startServer } from '../../test-support/msw';
import { UsersTab } from './users-tab';

const server = startServer();

const user = (over: Partial<AdminUserRow>): AdminUserRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Pat',
  lastName: 'Jones',
  email: 'pat@example.com',
  userType: 'patient',
  isActive: true,
  isVerified: true,
  createdAt: '2026-01-05T10:00:00Z',
  walletBalance: 0,
  totalSpent: 0,
  ...over,
});

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(row: AdminUserRow) {
  const sent: { url: string; body: unknown }[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url.startsWith('/api/admin/users?')) {
        return reply(200, { items: [row], total: 1, totalCapped: false, page: 1, pageSize: 20 });
      }
      if (request.method === 'PUT') {
        sent.push({ url, body: await request.json() });
        return reply(200, row);
      }
      return reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UsersTab />
      <Toaster />
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(cleanup);

describe('admin switches', () => {
  it('are switches with a visible label that their accessible name contains', async () => {
    setup(user({}));
    const active = await screen.findByRole('switch', { name: 'Pat Jones active' });
    expect(active.getAttribute('aria-checked')).toBe('true');
    expect(active.closest('label')?.textContent).toBe('Active');
    const verified = screen.getByRole('switch', { name: 'Pat Jones verified' });
    expect(verified.closest('label')?.textContent).toBe('Verified');
  });

  it('asks before deactivating, and Cancel changes nothing', async () => {
    const sent = setup(user({}));
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('switch', { name: 'Pat Jones active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Pat Jones?' });
    expect(dialog.textContent).toContain('cannot sign in');
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await ui.click(screen.getByRole('switch', { name: 'Pat Jones active' }));
    await ui.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: `/api/admin/users/${user({}).id}/status`, body: { isActive: false } });
  });

  it('activates at once, without a dialog', async () => {
    const sent = setup(user({ isActive: false }));
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('switch', { name: 'Pat Jones active' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ isActive: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
