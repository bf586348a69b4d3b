// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '@common/schemas/notifications';
import { createQueryClient } from '../../lib/query-client';
import { pathOf, startServer } from '../../test-support/msw';
import { NotificationBell } from './notification-bell';

const server = startServer();

const note = (n: number, over: Partial<Notification>): Notification => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  type: 'appointment_confirmation',
  title: `Note ${n}`,
  message: 'Something happened.',
  priority: 'medium',
  isRead: false,
  createdAt: new Date().toISOString(),
  ...over,
});

const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function setup() {
  let list = [
    note(1, { priority: 'urgent', title: 'Outbreak nearby' }),
    note(2, { priority: 'high', title: 'Payment due' }),
    note(3, { priority: 'medium' }),
    note(4, { priority: 'low', isRead: true }),
  ];
  const posted: string[] = [];
  server.use(
    http.all('*', ({ request }) => {
      const url = pathOf(request);
      if (url === '/api/notifications/read-all' && request.method === 'POST') {
        posted.push(url);
        const updated = list.filter((n) => !n.isRead).length;
        list = list.map((n) => ({ ...n, isRead: true }));
        return reply({ updated });
      }
      if (url === '/api/notifications') return reply(list);
      return new Response('{}', { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationBell />
    </QueryClientProvider>,
  );
  return posted;
}

afterEach(cleanup);

describe('NotificationBell', () => {
  it('labels only urgent and important notifications, in plain words', async () => {
    setup();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Outbreak nearby');
    expect(within(dialog).getByText('Urgent')).toBeTruthy();
    expect(within(dialog).getByText('Important')).toBeTruthy();
    for (const word of ['urgent', 'high', 'medium', 'low']) {
      expect(within(dialog).queryByText(word, { exact: true })).toBeNull();
    }
  });

  it('marks all as read with one request, and the count clears', async () => {
    const posted = setup();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }, { timeout: 10_000 }));
    await ui.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(posted).toEqual(['/api/notifications/read-all']));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });
});
