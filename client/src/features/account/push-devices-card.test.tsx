// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { showIn } from '../../test-support/language';
import { Toaster } from '../../ui/toaster';
import { pathOf, startServer } from '../../test-support/msw';
import { PushDevicesCard } from './push-devices-card';

const server = startServer();

afterEach(() => {
  cleanup();
  showIn('en');
});

const chrome = {
  id: '6f1c8a52-0d7e-4b8e-9a43-2f5b7c1d9e10',
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  service: 'fcm.googleapis.com',
  createdAt: '2026-11-30T14:05:00.000Z',
  lastSentAt: null,
};
const other = {
  id: '7a2d9b63-1e8f-4c9f-8b54-3a6c8d2e0f21',
  endpoint: 'https://push.example.net/send/xyz',
  service: 'push.example.net',
  createdAt: '2026-12-01T09:00:00.000Z',
  lastSentAt: null,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The card over a fake server holding `devices`; returns the requests it received. */
function show(devices: object[]) {
  const calls: string[] = [];
  let list = devices;
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      const method = request.method;
      calls.push(`${method} ${url}`);
      if (method === 'DELETE') {
        list = list.filter((d) => !url.endsWith((d as { id: string }).id));
        return new Response(null, { status: 204 });
      }
      return json(list);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PushDevicesCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

// A shared two-core machine renders the first screen slowly; the default 5 s is for one test alone.
describe('Devices that get notifications on /profile', { timeout: 30_000 }, () => {
  it('names each device by its browser (else its push service) with when it was added, in the viewer’s zone', async () => {
    show([other, chrome]);
    const list = await screen.findByRole('list', { name: 'Devices that get notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'push.example.net',
      'Chrome or a browser built on it',
    ]);
    // The test runs in UTC (vitest's TZ): 14:05 UTC is 2:05 PM.
    expect(items[1].textContent).toContain('Added');
    expect(items[1].textContent).toMatch(/Nov 30, 2026, 2:05\sPM/);
    expect(items[1].textContent).toContain('fcm.googleapis.com');
    expect(
      screen.getByRole('button', { name: /^Remove Chrome or a browser built on it, added .*Nov 30, 2026/ }),
    ).toBeTruthy();
  });

  it('removes a device from the keyboard, says so in a toast, and keeps the focus in the card', async () => {
    const calls = show([chrome]);
    const remove = await screen.findByRole('button', { name: /^Remove Chrome or a browser built on it/ });
    const user = userEvent.setup();
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Device removed')).toBeTruthy());
    expect(calls).toContain(`DELETE /api/push/subscriptions/${chrome.id}`);
    await waitFor(() =>
      expect(
        screen.getByText(
          'No device gets notifications from Medora. After you book a visit, you can turn them on for the device you booked on.',
        ),
      ).toBeTruthy(),
    );
    expect(document.activeElement?.textContent).toContain('Devices that get notifications');
  });

  it('says there is none, in Spanish and Arabic too', async () => {
    showIn('es');
    show([]);
    expect(await screen.findByText(/^Ningún dispositivo recibe notificaciones de Medora\./)).toBeTruthy();
    cleanup();
    showIn('ar');
    show([chrome]);
    expect(await screen.findByRole('button', { name: /^إزالة Chrome أو متصفح مبني عليه، أُضيف / })).toBeTruthy();
  });
});
